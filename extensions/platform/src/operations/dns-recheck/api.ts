/** The `dns-recheck` Flow operation's server part (lib/domains/routing/dns-recheck-operation.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { domainsRuntime } from '../../lib/domains/domains-runtime.ts';
import { runDnsRecheckOperation, type DnsRecheckOperationOptions } from '../../lib/domains/routing/dns-recheck-operation.ts';

export default defineOperationApi<DnsRecheckOperationOptions>({
	id: 'dns-recheck',
	handler: (options, context) => runDnsRecheckOperation(domainsRuntime(context).routing, options),
});
