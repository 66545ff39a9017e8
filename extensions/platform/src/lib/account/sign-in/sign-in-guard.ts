/**
 * In front of Directus's `POST /auth/login`: a limit of sign-in requests per client address, then
 * the lock of the address being signed in to (sign-in-lock.ts). Both answer before Directus looks
 * the account up.
 */
import type { NextFunction, Request, Response } from 'express';
import { RequestsExceededError } from '../../errors.ts';
import { clientAddress, consumePoint } from '../../http/rate-limits/limit-per-address.ts';
import type { AccountServices } from '../account-services.ts';

export function signInGuard(account: () => AccountServices) {
	return (req: Request, res: Response, next: NextFunction): void => {
		const guard = async () => {
			const { signInRequests, signInLock } = account();
			const retryAfter = await consumePoint(signInRequests, clientAddress(req));
			if (retryAfter !== null) {
				res.setHeader('Retry-After', String(retryAfter));
				throw new RequestsExceededError();
			}
			await signInLock.assertOpen((req.body as { email?: unknown } | undefined)?.email);
		};
		guard().then(() => next(), next);
	};
}
