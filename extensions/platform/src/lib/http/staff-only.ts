/**
 * Closes a Directus route to everyone but staff (administrators). Used for `/utils`: customers have
 * no use for hashing, sorting, imports, exports or cache clearing, and an export they start fails
 * and mails them a notification each time, which made the route a way to send spam.
 */
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError } from '../errors.ts';
import { accountabilityOf } from './accountability.ts';

export function staffOnly(req: Request, _res: Response, next: NextFunction): void {
	next(accountabilityOf(req)?.admin === true ? undefined : new ForbiddenError());
}
