/** `POST /dns-verify`: the signed-in customer's DNS check of a domain for their project (lib/domains). */
import { defineEndpoint } from '@directus/extensions-sdk';
import { dnsVerifyRoute } from '../../lib/domains/dns-verify-route.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineEndpoint({
	id: 'dns-verify',
	handler: (router, context) => {
		router.post(
			'/',
			dnsVerifyRoute(context, platformServices(context), (answer) => ({ data: answer })),
		);
	},
});
