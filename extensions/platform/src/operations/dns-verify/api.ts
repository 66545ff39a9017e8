/** The `dns-verify` Flow operation's server part (lib/domains/dns-verify-operation.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { runDnsVerifyOperation, type DnsVerifyOperationOptions } from '../../lib/domains/dns-verify-operation.ts';
import { startedPlatformServices } from '../../lib/platform-services.ts';

export default defineOperationApi<DnsVerifyOperationOptions>({
	id: 'dns-verify',
	handler: async (options) => {
		const { config, verifier } = startedPlatformServices().domains;
		return runDnsVerifyOperation({ verifier, reservedHosts: config.reservedHosts }, options);
	},
});
