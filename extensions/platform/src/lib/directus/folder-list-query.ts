/**
 * Directus 12.4 freezes the parsed query it puts on the request, and its FoldersService then adds
 * its "no flow folders" filter to that very object for every caller that is not an admin, so
 * `GET /folders` (and `SEARCH /folders` without a body query) threw "Cannot add property filter,
 * object is not extensible": a 500 where the caller should have been refused (403) or listed. A
 * copy of the query, per request, is an object the service may extend; nothing else changes.
 */
import type { NextFunction, Request, Response } from 'express';

type WithSanitizedQuery = Request & { sanitizedQuery?: Record<string, unknown> };

/** Mounted on `/folders`, in front of Directus's router; only the list route reads by query. */
export function extensibleFolderListQuery(req: Request, _res: Response, next: NextFunction): void {
	const request = req as WithSanitizedQuery;
	if (req.path === '/' && request.sanitizedQuery && Object.isFrozen(request.sanitizedQuery)) {
		request.sanitizedQuery = { ...request.sanitizedQuery };
	}
	next();
}
