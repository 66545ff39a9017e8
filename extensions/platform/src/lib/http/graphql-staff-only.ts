/**
 * The GraphQL side of staff-only.ts: `/graphql/system` offers Directus's utilities (`utils_*`) and
 * two-factor set-up (`users_me_tfa_*`) as mutations, which the REST routes close to customers. A
 * field name cannot be escaped or spelled another way in a GraphQL document (an alias renames only
 * the answer's key), so a document naming one of them is refused for everyone but staff. A string
 * or comment that merely contains such a name is refused too: no customer query needs one.
 */
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError } from '../errors.ts';
import { accountabilityOf } from './accountability.ts';

const STAFF_ONLY_FIELD = /(?<![_0-9A-Za-z])(?:utils_|users_me_tfa_)[_0-9A-Za-z]*/;

function documentsOf(req: Request): string[] {
	const fromBody = (req.body as { query?: unknown } | undefined)?.query;
	const fromUrl = req.query['query'];
	return [fromBody, fromUrl].filter((text): text is string => typeof text === 'string');
}

export function graphqlStaffOnlyFields(req: Request, _res: Response, next: NextFunction): void {
	if (accountabilityOf(req)?.admin === true) return next();
	next(documentsOf(req).some((document) => STAFF_ONLY_FIELD.test(document)) ? new ForbiddenError() : undefined);
}
