/**
 * One domains configuration, verifier and domain routing per process, built on first use: the
 * `dns-verify` endpoint, the hook serving the flow-trigger path, the projects endpoint and the
 * `dns-verify` and `dns-recheck` operations are entries of the same bundle and share this module.
 * Routing is null when no runtime is configured (the control plane alone): nothing to route to.
 */
import type { ApiExtensionContext } from '@directus/types';
import { loggedNotifier } from '../notifications/notify.ts';
import { sharedRuntimeDriver } from '../runtime-driver/runtime-driver-factory.ts';
import { DnsVerifier } from './dns-verifier.ts';
import { readDomainsConfig, type DomainsConfig } from './domains-config.ts';
import { DomainRouting } from './routing/domain-routing.ts';
import { sendUnroutedDomainEmail } from './routing/unrouted-domain-email.ts';

export interface DomainsServices {
	config: DomainsConfig;
	verifier: DnsVerifier;
	routing: DomainRouting | null;
}

export type DomainsContext = Pick<ApiExtensionContext, 'env' | 'database' | 'services' | 'getSchema' | 'logger'>;

let runtime: DomainsServices | null = null;

export function domainsServices(context: DomainsContext): DomainsServices {
	if (!runtime) {
		const config = readDomainsConfig(context.env);
		const verifier = new DnsVerifier(config);
		const driver = sharedRuntimeDriver(context.env);
		const routing = driver
			? new DomainRouting({
					database: context.database,
					driver,
					verify: (domain, proofValue) => verifier.verifyOwnership(domain, proofValue),
					notifyUnrouted: (unrouted) => sendUnroutedDomainEmail(context, { portalUrl: config.portalUrl, publicIp: config.publicIp }, unrouted),
					notify: loggedNotifier(context.database, context.logger),
					now: () => new Date(),
					logger: context.logger,
				})
			: null;
		runtime = { config, verifier, routing };
	}
	return runtime;
}
