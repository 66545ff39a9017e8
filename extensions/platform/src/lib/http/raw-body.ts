/**
 * Keeps the exact bytes of a request's body for the routes that check a signature over them
 * (Stripe's webhook). Mounted in `middlewares.before`, ahead of Directus's JSON parser, which then
 * skips the request because body-parser marks a parsed body with `_body`.
 */
import type { NextFunction, Request, Response } from 'express';

const MAX_RAW_BODY_BYTES = 1024 * 1024;

export type RawBodyRequest = Request & { rawBody?: Buffer; _body?: boolean };

export function captureRawBody(req: RawBodyRequest, res: Response, next: NextFunction): void {
	const chunks: Buffer[] = [];
	let size = 0;
	req.on('data', (chunk: Buffer) => {
		size += chunk.length;
		if (size > MAX_RAW_BODY_BYTES) {
			res.status(413).json({ errors: [{ message: 'The request body is too large', extensions: { code: 'REQUEST_TOO_LARGE' } }] });
			req.destroy();
			return;
		}
		chunks.push(chunk);
	});
	req.on('end', () => {
		if (res.headersSent) return;
		req.rawBody = Buffer.concat(chunks);
		req.body = {};
		req._body = true;
		next();
	});
	req.on('error', next);
}
