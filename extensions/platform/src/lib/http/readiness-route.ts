/**
 * `GET /platform-ready`: whether this control-plane replica takes new requests, for the proxy in
 * front (Caddy's active health check, docs/operations.md, Replicas). While its launcher drains it
 * before a stop (DRAIN_SECONDS), the launcher's drain file exists and the answer is 503: the proxy
 * sends the requests elsewhere while this replica finishes the ones it has.
 */
import { existsSync } from 'node:fs';
import type { Request, Response } from 'express';

export const READINESS_PATH = '/platform-ready';

export function readinessRoute(drainFile: string | undefined) {
	return (_req: Request, res: Response): void => {
		const draining = drainFile !== undefined && existsSync(drainFile);
		res
			.status(draining ? 503 : 200)
			.set('cache-control', 'no-store')
			.json({ status: draining ? 'draining' : 'ready' });
	};
}
