/**
 * Each swarm site's own S3 credentials, for the runtime's S3 gate (s3-gate.ts) only: the key id
 * names the site, the secret is derived from the runtime's secret (HMAC), so nothing is stored and
 * no site can work out another's.
 */
import { createHmac } from 'node:crypto';

const KEY_PREFIX = 'SITE-';

export interface SiteS3Credentials {
	accessKeyId: string;
	secretAccessKey: string;
}

export function siteS3Credentials(runtimeSecret: string, instanceId: string): SiteS3Credentials {
	return {
		accessKeyId: `${KEY_PREFIX}${instanceId}`,
		secretAccessKey: createHmac('sha256', runtimeSecret).update(`site s3 key:${instanceId}`).digest('base64url'),
	};
}

/** The instance a key id names, or null for a key id that is not a site's. */
export function instanceOfAccessKey(accessKeyId: string): string | null {
	const id = accessKeyId.startsWith(KEY_PREFIX) ? accessKeyId.slice(KEY_PREFIX.length) : '';
	return /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,80}$/.test(id) ? id : null;
}
