/**
 * The raw bytes of an upload (`PUT /account/avatar` takes the file itself as the body, whatever its
 * Content-Type), read with a hard cap: past `maxBytes` reading stops at once and nothing more is
 * kept.
 *
 * Directus runs `express.json()` on every request before the endpoints' routes (api/dist/app.js),
 * so a body sent as `application/json` has already been read: the parser keeps its bytes in
 * `rawBody` (with at most MAX_PAYLOAD_SIZE bytes, 1 MB by default, else Directus refuses it with
 * INVALID_PAYLOAD before this code runs). Those bytes go through the same checks as any other upload.
 * No other body parser runs before the endpoints.
 */
import type { IncomingMessage } from 'node:http';
import { AvatarTooLargeError } from '../../errors.ts';

export type UploadRequest = IncomingMessage & { _body?: boolean; rawBody?: Buffer };

export function readUpload(req: UploadRequest, maxBytes: number): Promise<Buffer> {
	if (req._body) {
		const parsed = req.rawBody ?? Buffer.alloc(0);
		return parsed.length > maxBytes ? Promise.reject(new AvatarTooLargeError()) : Promise.resolve(parsed);
	}
	// A declared length over the cap is refused before reading anything. Node then reads and
	// discards the unread body after the answer, so the connection stays usable.
	if (Number(req.headers['content-length']) > maxBytes) return Promise.reject(new AvatarTooLargeError());

	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const stop = () => {
			req.off('data', onData);
			req.off('end', onEnd);
			req.off('error', onError);
			req.off('close', onClose);
		};
		const onData = (chunk: Buffer) => {
			size += chunk.length;
			if (size > maxBytes) {
				stop();
				chunks.length = 0;
				// Keep the stream flowing with no listener: the rest is discarded as it arrives.
				req.resume();
				reject(new AvatarTooLargeError());
				return;
			}
			chunks.push(chunk);
		};
		const onEnd = () => {
			stop();
			resolve(Buffer.concat(chunks, size));
		};
		const onError = (error: Error) => {
			stop();
			reject(error);
		};
		const onClose = () => {
			stop();
			reject(new Error('The upload was interrupted'));
		};
		req.on('data', onData);
		req.on('end', onEnd);
		req.on('error', onError);
		req.on('close', onClose);
	});
}
