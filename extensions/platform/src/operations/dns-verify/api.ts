/** The `dns-verify` Flow operation's server part (lib/domains/dns-verify-operation.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { runDnsVerifyOperation, type DnsVerifyOperationOptions } from '../../lib/domains/dns-verify-operation.ts';
import { domainsServices } from '../../lib/domains/domains-services.ts';

export default defineOperationApi<DnsVerifyOperationOptions>({
	id: 'dns-verify',
	handler: async (options, context) => {
		const { config, verifier } = domainsServices(context);
		return runDnsVerifyOperation({ verifier, reservedHosts: config.reservedHosts }, options);
	},
});
