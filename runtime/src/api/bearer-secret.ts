/** The management API's only credential: the shared secret, compared in constant time. */
import type { IncomingMessage } from 'node:http';
import { bearerSecretMatches } from '@epic/runtime-contract';

export function hasSecret(request: IncomingMessage, secret: string): boolean {
	return bearerSecretMatches(request.headers.authorization, secret);
}
