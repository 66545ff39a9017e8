/**
 * A request limit per client address, as Express middleware: over the limit answers 429
 * `REQUESTS_EXCEEDED` with `Retry-After`, like Directus's own limiters. The address is the one
 * Directus resolved for the request (it honours `IP_TRUST_PROXY`, so a client cannot pick its own
 * by sending `X-Forwarded-For` unless a trusted proxy put it there).
 */
import type { NextFunction, Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RequestsExceededError } from '../../errors.ts';
import { accountabilityOf } from '../accountability.ts';

/** Seconds until a key may try again, or null when this attempt is within the limit. */
export async function consumePoint(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
	try {
		await limiter.consume(key);
		return null;
	} catch (rejection) {
		if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
		throw rejection;
	}
}

export function clientAddress(req: Request): string {
	return accountabilityOf(req)?.ip ?? req.ip ?? 'unknown';
}

/** `limiter` is asked for on each request: the limits are set up on first use, not at start-up. */
export function limitPerAddress(limiter: () => RateLimiterAbstract) {
	return (req: Request, res: Response, next: NextFunction): void => {
		consumePoint(limiter(), clientAddress(req))
			.then((retryAfter) => {
				if (retryAfter === null) return next();
				res.setHeader('Retry-After', String(retryAfter));
				next(new RequestsExceededError());
			})
			.catch(next);
	};
}
