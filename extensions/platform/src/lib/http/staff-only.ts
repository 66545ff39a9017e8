/**
 * Closes a Directus route to everyone but staff (administrators), for the tools customers have no
 * use for. `/utils`, for one: hashing, sorting, imports, exports and cache clearing, where an export
 * a customer starts fails and mails them a notification each time, which made it a way to send spam.
 */
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError } from '../errors.ts';
import { accountabilityOf } from './accountability.ts';

export function staffOnly(req: Request, _res: Response, next: NextFunction): void {
	next(accountabilityOf(req)?.admin === true ? undefined : new ForbiddenError());
}
