/**
 * The one credential between the runtime and the control plane: the shared RUNTIME_SECRET sent as
 * a bearer token, both ways (the control plane calling the management API, the runtime reading the
 * control plane's metrics). Compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when `authorization` is `Bearer <secret>`; always false when no secret is configured. */
export function bearerSecretMatches(authorization: string | undefined, secret: string | undefined): boolean {
	if (!secret) return false;
	const header = authorization ?? '';
	const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
	// Comparing digests keeps the comparison constant-time whatever the presented length.
	return presented.length > 0 && timingSafeEqual(digest(presented), digest(secret));
}
