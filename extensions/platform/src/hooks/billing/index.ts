/**
 * Billing's request plumbing, ahead of Directus's own middleware: the documented `/api/stripe/*`
 * paths reach the `/stripe` endpoint, and the provider's webhook is served here with its raw body
 * kept for the signature check (lib/billing/webhook-handler.ts says why it is not an endpoint route).
 */
import { defineHook } from '@directus/extensions-sdk';
import type { Express } from 'express';
import { webhookHandler } from '../../lib/billing/webhook-handler.ts';
import { apiPrefixAlias } from '../../lib/http/api-prefix.ts';
import { captureRawBody } from '../../lib/http/raw-body.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ init }, context) => {
	const services = platformServices(context);
	init('middlewares.before', (meta) => {
		const app = meta['app'] as Express;
		app.use(apiPrefixAlias);
		app.post(
			'/stripe/webhook',
			captureRawBody,
			webhookHandler(() => services.billing, context),
		);
	});
});
