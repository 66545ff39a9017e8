/**
 * The runtime's secrets in the order they are tried: RUNTIME_SECRET, then, during a rotation,
 * RUNTIME_SECRET_PREVIOUS. Whatever the runtime makes from now on (a seal, a site's S3 key or task
 * token) comes from the first; what it checks may come from either, so that what was made before
 * the rotation keeps working until it is made again.
 */
import type { RuntimeConfig } from '../config.ts';

export type AcceptedSecrets = readonly [current: string, ...previous: string[]];

/**
 * Whether `matches` holds for any of the secrets. Every secret is tried, so the time taken does not
 * say which one matched (`matches` compares in constant time itself).
 */
export function matchesAnySecret(secrets: readonly string[], matches: (secret: string) => boolean): boolean {
	return secrets.map(matches).some(Boolean);
}

export function acceptedSecrets(config: Pick<RuntimeConfig, 'RUNTIME_SECRET' | 'RUNTIME_SECRET_PREVIOUS'>): AcceptedSecrets {
	return config.RUNTIME_SECRET_PREVIOUS ? [config.RUNTIME_SECRET, config.RUNTIME_SECRET_PREVIOUS] : [config.RUNTIME_SECRET];
}
