/** The management API's only credential: the shared secret (either, during a rotation), compared in constant time. */
import type { IncomingMessage } from 'node:http';
import { bearerSecretMatches } from '@epic/runtime-contract';
import { matchesAnySecret, type AcceptedSecrets } from '../secrets/accepted-secrets.ts';

export function hasSecret(request: IncomingMessage, secrets: AcceptedSecrets): boolean {
	return matchesAnySecret(secrets, (secret) => bearerSecretMatches(request.headers.authorization, secret));
}
