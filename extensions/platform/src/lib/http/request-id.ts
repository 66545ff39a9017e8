/**
 * Every request gets an id: the one the runtime's router set (X-Request-Id), else a new one. It is
 * put on `req.id`, which Directus's request logger (pino-http) writes on the request's log line,
 * and sent back in the response header, so the router's and the control plane's lines match.
 */
import type { NextFunction, Request, Response } from 'express';
import { REQUEST_ID_HEADER, requestIdFrom } from '@epic/runtime-contract';

export function requestId(req: Request, res: Response, next: NextFunction): void {
	const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
	(req as Request & { id?: string }).id = id;
	res.setHeader(REQUEST_ID_HEADER, id);
	next();
}
