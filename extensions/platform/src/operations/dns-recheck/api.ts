/** The `dns-recheck` Flow operation's server part (lib/domains/routing/dns-recheck-operation.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { runDnsRecheckOperation, type DnsRecheckOperationOptions } from '../../lib/domains/routing/dns-recheck-operation.ts';
import { startedPlatformServices } from '../../lib/platform-services.ts';

export default defineOperationApi<DnsRecheckOperationOptions>({
	id: 'dns-recheck',
	handler: (options) => runDnsRecheckOperation(startedPlatformServices().domains.routing, options),
});
