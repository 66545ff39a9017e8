/**
 * The control plane's metrics registry, one per process (lib/platform-services.ts), shared by
 * billing, the provisioning hook and the metrics route. It also carries the process's own memory,
 * CPU and event-loop figures under `epic_control_plane_`, so they never collide with the runtime's
 * in the combined scrape.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { PlatformMetrics } from './platform-metrics.ts';

export function createPlatformMetrics(log?: (message: string) => void): PlatformMetrics {
	const registry = new Registry();
	collectDefaultMetrics({ register: registry, prefix: 'epic_control_plane_' });
	return new PlatformMetrics(registry, log);
}
