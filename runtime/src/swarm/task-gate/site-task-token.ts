/**
 * The token a swarm site's task shows the runtime's task gate to ask for its database password
 * (task-password-grant.ts). Derived from the runtime's secret (HMAC), as the site's S3 key is, so
 * nothing is stored and no site can work out another's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { matchesAnySecret } from '../../secrets/accepted-secrets.ts';

export function siteTaskToken(runtimeSecret: string, instanceId: string): string {
	return createHmac('sha256', runtimeSecret).update(`site task token:${instanceId}`).digest('base64url');
}

/** Whether `given` is the site's token under any of `runtimeSecrets` (the previous one too, during a rotation). */
export function isSiteTaskToken(runtimeSecrets: readonly string[], instanceId: string, given: string): boolean {
	const actual = Buffer.from(given);
	return matchesAnySecret(runtimeSecrets, (secret) => {
		const expected = Buffer.from(siteTaskToken(secret, instanceId));
		return actual.length === expected.length && timingSafeEqual(actual, expected);
	});
}
