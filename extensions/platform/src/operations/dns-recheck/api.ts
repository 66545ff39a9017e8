/** The `dns-recheck` Flow operation's server part (lib/domains/routing/dns-recheck-operation.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { domainsServices } from '../../lib/domains/domains-services.ts';
import { runDnsRecheckOperation, type DnsRecheckOperationOptions } from '../../lib/domains/routing/dns-recheck-operation.ts';

export default defineOperationApi<DnsRecheckOperationOptions>({
	id: 'dns-recheck',
	handler: (options, context) => runDnsRecheckOperation(domainsServices(context).routing, options),
});
