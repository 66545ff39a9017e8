/**
 * Observability, ahead of everything else: each request's id (lib/http/request-id.ts), the
 * control plane's metrics for the runtime's scrape (lib/metrics/metrics-route.ts), and whether
 * this replica takes requests, for the proxy in front (lib/http/readiness-route.ts).
 */
import { defineHook } from '@directus/extensions-sdk';
import { PLATFORM_METRICS_PATH } from '@epic/runtime-contract';
import type { Express } from 'express';
import { readinessRoute, READINESS_PATH } from '../../lib/http/readiness-route.ts';
import { requestId } from '../../lib/http/request-id.ts';
import { metricsRoute } from '../../lib/metrics/metrics-route.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ init }, context) => {
	const services = platformServices(context);
	const secret = typeof context.env['RUNTIME_SECRET'] === 'string' ? context.env['RUNTIME_SECRET'] : undefined;
	const drainFile = typeof context.env['PLATFORM_DRAIN_FILE'] === 'string' ? context.env['PLATFORM_DRAIN_FILE'] : undefined;
	init('app.before', (meta) => {
		(meta['app'] as Express).use(requestId);
	});
	init('middlewares.before', (meta) => {
		(meta['app'] as Express).get(READINESS_PATH, readinessRoute(drainFile));
		(meta['app'] as Express).get(
			PLATFORM_METRICS_PATH,
			metricsRoute(() => services.metrics, secret, context.logger),
		);
	});
});
