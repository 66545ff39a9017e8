/**
 * The scrape address (`GET /metrics` on METRICS_HOST:METRICS_PORT, loopback by default): the
 * runtime's metrics followed by the control plane's. A listener of its own, never behind the host
 * router, and carrying nothing a site could read. A failed scrape answers 500 and is logged; it
 * never reaches the rest of the runtime.
 */
import http from 'node:http';
import type { ControlPlaneMetricsReader } from './control-plane-metrics.ts';
import type { RuntimeMetrics } from './runtime-metrics.ts';

export interface MetricsServerOptions {
	metrics: RuntimeMetrics;
	/** Null when the runtime knows no control plane (CONTROL_PLANE_URL unset). */
	readControlPlane: ControlPlaneMetricsReader | null;
	log: (message: string) => void;
}

async function exposition(options: MetricsServerOptions): Promise<string> {
	const controlPlane = options.readControlPlane ? await options.readControlPlane() : null;
	options.metrics.controlPlaneAnswered(controlPlane !== null);
	const own = await options.metrics.registry.metrics();
	if (!controlPlane) return own;
	return `${own.endsWith('\n') ? own : `${own}\n`}${controlPlane}`;
}

export function createMetricsServer(options: MetricsServerOptions): http.Server {
	return serveExposition({ contentType: options.metrics.registry.contentType, collect: () => exposition(options), log: options.log });
}

export interface ExpositionOptions {
	contentType: string;
	/** The exposition text, gathered at each scrape. */
	collect: () => Promise<string>;
	log: (message: string) => void;
}

/** `GET /metrics` (and HEAD) answered with `collect()`; anything else 404. Shared by the runtime and the node router. */
export function serveExposition(options: ExpositionOptions): http.Server {
	return http.createServer((request, response) => {
		const pathname = new URL(request.url ?? '/', 'http://metrics').pathname;
		if (pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
			response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
			return;
		}
		options.collect().then(
			(body) => {
				response.writeHead(200, { 'content-type': options.contentType, 'cache-control': 'no-store' });
				response.end(request.method === 'HEAD' ? undefined : body);
			},
			(error: Error) => {
				options.log(`metrics: the scrape failed: ${error.message}`);
				response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected\n');
			},
		);
	});
}
