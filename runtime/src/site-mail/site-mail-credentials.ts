/**
 * How a site signs in to the platform's mail relay: its instance id and a password derived from its
 * own SECRET. Nothing new to store, and a site can only ever present its own credentials (it knows
 * no other site's SECRET).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function siteMailPassword(siteSecret: string): string {
	return createHmac('sha256', siteSecret).update('epic-site-mail').digest('hex');
}

export function isSiteMailPassword(siteSecret: string, given: string): boolean {
	const expected = Buffer.from(siteMailPassword(siteSecret));
	const offered = Buffer.from(given);
	return offered.length === expected.length && timingSafeEqual(offered, expected);
}
