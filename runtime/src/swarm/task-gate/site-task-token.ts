/**
 * The token a swarm site's task shows the runtime's task gate to ask for its database password
 * (task-password-grant.ts). Derived from the runtime's secret (HMAC), as the site's S3 key is, so
 * nothing is stored and no site can work out another's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function siteTaskToken(runtimeSecret: string, instanceId: string): string {
	return createHmac('sha256', runtimeSecret).update(`site task token:${instanceId}`).digest('base64url');
}

export function isSiteTaskToken(runtimeSecret: string, instanceId: string, given: string): boolean {
	const expected = Buffer.from(siteTaskToken(runtimeSecret, instanceId));
	const actual = Buffer.from(given);
	return actual.length === expected.length && timingSafeEqual(actual, expected);
}
