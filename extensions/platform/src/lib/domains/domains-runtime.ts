/**
 * One domains configuration and verifier per process, built on first use: the `dns-verify`
 * endpoint, the hook serving the flow-trigger path and the `dns-verify` operation are entries of
 * the same bundle and share this module.
 */
import type { ApiExtensionContext } from '@directus/types';
import { DnsVerifier } from './dns-verifier.ts';
import { readDomainsConfig, type DomainsConfig } from './domains-config.ts';

export interface DomainsRuntime {
	config: DomainsConfig;
	verifier: DnsVerifier;
}

let runtime: DomainsRuntime | null = null;

export function domainsRuntime(context: Pick<ApiExtensionContext, 'env'>): DomainsRuntime {
	if (!runtime) {
		const config = readDomainsConfig(context.env);
		runtime = { config, verifier: new DnsVerifier(config) };
	}
	return runtime;
}
