/** The management API's only credential: the shared secret, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function hasSecret(request: IncomingMessage, secret: string): boolean {
	const header = request.headers.authorization ?? '';
	const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
	// Comparing digests keeps the comparison constant-time whatever the presented length.
	return presented.length > 0 && timingSafeEqual(digest(presented), digest(secret));
}
