import type { Accountability } from '@directus/types';
import type { Request } from 'express';
import { NotAuthenticatedError } from '../errors.ts';

/** Directus puts the caller's identity on the request; typed access in one place. */
export function accountabilityOf(req: Request): Accountability | null {
	return (req as Request & { accountability?: Accountability | null }).accountability ?? null;
}

/** The signed-in user's id, or the 'User not authenticated' error (docs/product.md, Error messages). */
export function requireUserId(req: Request): string {
	const user = accountabilityOf(req)?.user;
	if (!user) throw new NotAuthenticatedError();
	return user;
}
