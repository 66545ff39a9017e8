/**
 * The runtime process's registry: its own resident memory, CPU and event-loop figures (prom-client's
 * default metrics, read at scrape time) under the `epic_runtime_` prefix, so they cannot collide with
 * the control plane's, which arrive in the same scrape.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

export function runtimeRegistry(): Registry {
	const registry = new Registry();
	collectDefaultMetrics({ register: registry, prefix: 'epic_runtime_' });
	return registry;
}
