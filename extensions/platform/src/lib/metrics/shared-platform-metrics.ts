/**
 * One metrics registry per control-plane process, shared by the bundle's entries (billing, the
 * provisioning hook, the metrics route) as they share this module. It also carries the process's
 * own memory, CPU and event-loop figures under `epic_control_plane_`, so they never collide with
 * the runtime's in the combined scrape.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { PlatformMetrics } from './platform-metrics.ts';

let shared: PlatformMetrics | null = null;

export function platformMetrics(log?: (message: string) => void): PlatformMetrics {
	if (shared) return shared;
	const registry = new Registry();
	collectDefaultMetrics({ register: registry, prefix: 'epic_control_plane_' });
	shared = new PlatformMetrics(registry, log);
	return shared;
}
