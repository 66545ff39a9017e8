/**
 * `GET /platform-metrics`: the control plane's metrics in Prometheus text, for the runtime, which
 * appends them to its own scrape. Only the holder of RUNTIME_SECRET may read them (compared in
 * constant time); without a configured secret nobody may. Mounted ahead of Directus's middleware,
 * since the secret is no Directus token.
 */
import type { Request, Response } from 'express';
import { bearerSecretMatches } from '@epic/runtime-contract';
import type { PlatformMetrics } from './platform-metrics.ts';

export function metricsRoute(metrics: () => PlatformMetrics, secret: string | undefined, logger: { error(message: string): void }) {
	return (req: Request, res: Response): void => {
		if (!bearerSecretMatches(req.get('authorization'), secret)) {
			res.status(401).json({ errors: [{ message: 'The runtime secret is required', extensions: { code: 'INVALID_CREDENTIALS' } }] });
			return;
		}
		const { registry } = metrics();
		registry.metrics().then(
			// Written as is: express's type() and send() would reorder the content type's parameters.
			(body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body),
			(error: Error) => {
				logger.error(`Collecting the platform metrics failed: ${error.message}`);
				res.status(500).json({ errors: [{ message: 'The metrics could not be collected', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
			},
		);
	};
}
