/**
 * `/stripe/*`: the billing API the portal calls (docs/product.md, Billing API), also answered at
 * `/api/stripe/*`. This file only wires routes; the logic lives in lib/.
 */
import { defineEndpoint } from '@directus/extensions-sdk';
import { billingClientConfig } from '../../lib/billing/billing-config.ts';
import { mountBillingRoutes } from '../../lib/billing/billing-routes.ts';
import { asyncRoute } from '../../lib/http/async-route.ts';
import { readPlatformConfig } from '../../lib/platform-config.ts';
import { platformServices } from '../../lib/platform-services.ts';
import { localizePlan, PLAN_LANGUAGES } from '../../lib/plans/plan-translations.ts';
import { requestLanguage } from '../../lib/http/request-language.ts';

export default defineEndpoint({
	id: 'stripe',
	handler: (router, context) => {
		const config = readPlatformConfig(context.env);
		const services = platformServices(context);

		router.get('/config', (_req, res) => {
			res.json({ data: billingClientConfig(config) });
		});

		router.get(
			'/plans',
			asyncRoute(async (req, res) => {
				const language = requestLanguage(req, PLAN_LANGUAGES, 'en');
				const plans = (await services.catalogue.list()).map((entry) => localizePlan(entry, language));
				res.setHeader('Content-Language', language);
				res.json({ data: plans });
			}),
		);

		mountBillingRoutes(router, services.billing, context);
	},
});
