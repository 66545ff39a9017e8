/**
 * `POST /flows/trigger/dns-verify`: the DNS check at the path the product's specification names.
 * Directus serves `/flows/trigger/:id` only for flow ids (UUIDs), so the path is served here, at
 * `routes.before`: after Directus has identified the caller and parsed the body, ahead of its
 * own flows router. Same behaviour as `POST /dns-verify`, answered bare like a flow's result.
 */
import { defineHook } from '@directus/extensions-sdk';
import type { Express } from 'express';
import { dnsVerifyRoute } from '../../lib/domains/dns-verify-route.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ init }, context) => {
	init('routes.before', (meta) => {
		const app = meta['app'] as Express;
		app.post(
			'/flows/trigger/dns-verify',
			dnsVerifyRoute(context, platformServices(context), (answer) => answer),
		);
	});
});
