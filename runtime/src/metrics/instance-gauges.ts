/**
 * Gauges read at scrape time from what the runtime already holds in memory: instances by state,
 * the resident memory of running sites (the same /proc read the status API does, once per scrape,
 * never on a timer) and the warm pool's ready members.
 */
import { Gauge, type Registry } from 'prom-client';
import type { InstanceState, InstanceStatus } from '@epic/runtime-contract';

export interface InstanceGaugeSource {
	list(): Pick<InstanceStatus, 'state' | 'memoryBytes'>[];
}

export interface PoolGaugeSource {
	available(): number;
}

/** Every state gets a series, 0 when empty, so a state that empties does not vanish from graphs. */
const STATES = ['creating', 'starting', 'running', 'restarting', 'stopping', 'sleeping', 'stopped', 'suspended'] as const satisfies readonly InstanceState[];

export function registerInstanceGauges(registry: Registry, instances: InstanceGaugeSource, pool: PoolGaugeSource): void {
	const registers = [registry];
	new Gauge({
		name: 'epic_instances',
		help: "Projects' instances by state.",
		labelNames: ['state'],
		registers,
		collect() {
			const counts = new Map<string, number>(STATES.map((state) => [state, 0]));
			for (const { state } of instances.list()) counts.set(state, (counts.get(state) ?? 0) + 1);
			this.reset();
			for (const [state, count] of counts) this.set({ state }, count);
		},
	});
	new Gauge({
		name: 'epic_sites_resident_memory_bytes',
		help: "Resident memory of every running project's Directus process together.",
		registers,
		collect() {
			this.set(instances.list().reduce((total, status) => total + (status.memoryBytes ?? 0), 0));
		},
	});
	new Gauge({
		name: 'epic_warm_pool_available',
		help: 'Warm-pool instances ready to be handed to a new project.',
		registers,
		collect() {
			this.set(pool.available());
		},
	});
}
