/** The `dns-verify` Flow operation's server part (lib/domains/dns-verify-operation.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { runDnsVerifyOperation, type DnsVerifyOperationOptions } from '../../lib/domains/dns-verify-operation.ts';
import { domainsRuntime } from '../../lib/domains/domains-runtime.ts';

export default defineOperationApi<DnsVerifyOperationOptions>({
	id: 'dns-verify',
	handler: async (options, context) => {
		const { config, verifier } = domainsRuntime(context);
		return runDnsVerifyOperation({ verifier, reservedHosts: config.reservedHosts }, options);
	},
});
