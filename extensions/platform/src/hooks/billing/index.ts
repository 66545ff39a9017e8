/**
 * Billing's request plumbing, ahead of Directus's own middleware: the documented `/api/stripe/*`
 * paths reach the `/stripe` endpoint, and the webhook keeps its raw body for the signature check.
 */
import { defineHook } from '@directus/extensions-sdk';
import type { Express } from 'express';
import { apiPrefixAlias } from '../../lib/http/api-prefix.ts';
import { captureRawBody } from '../../lib/http/raw-body.ts';

export default defineHook(({ init }) => {
	init('middlewares.before', (meta) => {
		const app = meta['app'] as Express;
		app.use(apiPrefixAlias);
		app.post('/stripe/webhook', captureRawBody);
	});
});
