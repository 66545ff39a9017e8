/**
 * The domains configuration, verifier and domain routing, one set per process
 * (lib/platform-services.ts), shared by the `dns-verify` endpoint, the hook serving the
 * flow-trigger path, the projects endpoint and the `dns-verify` and `dns-recheck` operations.
 * Routing is null when no runtime is configured (the control plane alone): nothing to route to.
 */
import type { ApiExtensionContext } from '@directus/types';
import type { CustomerEffect } from '../coordination/customer-effects.ts';
import type { Outbox } from '../coordination/outbox.ts';
import type { RuntimeDriver } from '../runtime-driver/runtime-driver.ts';
import { DnsVerifier } from './dns-verifier.ts';
import { readDomainsConfig, type DomainsConfig } from './domains-config.ts';
import { DomainRouting } from './routing/domain-routing.ts';
import { renderUnroutedDomainEmail } from './routing/unrouted-domain-email.ts';

export interface DomainsServices {
	config: DomainsConfig;
	verifier: DnsVerifier;
	routing: DomainRouting | null;
}

export type DomainsContext = Pick<ApiExtensionContext, 'env' | 'database' | 'services' | 'getSchema' | 'logger'>;

export function createDomainsServices(context: DomainsContext, driver: RuntimeDriver | null, outbox: Outbox<CustomerEffect>): DomainsServices {
	const config = readDomainsConfig(context.env);
	const verifier = new DnsVerifier(config);
	const routing = driver
		? new DomainRouting({
				database: context.database,
				driver,
				verify: (domain, proofValue) => verifier.verifyOwnership(domain, proofValue),
				unroutedEmail: (unrouted) => renderUnroutedDomainEmail(context, { portalUrl: config.portalUrl, publicIp: config.publicIp }, unrouted),
				outbox,
				now: () => new Date(),
				logger: context.logger,
			})
		: null;
	return { config, verifier, routing };
}
