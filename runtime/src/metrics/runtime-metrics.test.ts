import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { InstanceState } from '@epic/runtime-contract';
import { registerInstanceGauges } from './instance-gauges.ts';
import { RuntimeMetrics } from './runtime-metrics.ts';

/** The value of one series, or undefined when the registry has no such series. */
async function valueOf(registry: Registry, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
	const metric = registry.getSingleMetric(name);
	if (!metric) throw new Error(`No metric ${name} in the registry`);
	const { values } = await metric.get();
	const wanted = Object.entries(labels);
	const found = values.find((value) => Object.keys(value.labels).length === wanted.length && wanted.every(([key, label]) => value.labels[key] === label));
	return found?.value;
}

describe('RuntimeMetrics', () => {
	it('counts proxied requests by target and status class, and errors by target and reason', async () => {
		const metrics = new RuntimeMetrics(new Registry());
		metrics.proxied('site', 200);
		metrics.proxied('site', 204);
		metrics.proxied('site', 404);
		metrics.proxied('control_plane', 502);
		metrics.proxyFailed('site', 'upstream');
		metrics.proxyFailed('site', 'wake');
		metrics.proxyFailed('site', 'wake');

		const text = await metrics.registry.metrics();
		expect(text).toContain('epic_proxy_requests_total{target="site",status_class="2xx"} 2\n');
		expect(text).toContain('epic_proxy_requests_total{target="site",status_class="4xx"} 1\n');
		expect(text).toContain('epic_proxy_requests_total{target="control_plane",status_class="5xx"} 1\n');
		expect(text).toContain('epic_proxy_errors_total{target="site",reason="upstream"} 1\n');
		expect(text).toContain('epic_proxy_errors_total{target="site",reason="wake"} 2\n');
	});

	it('times provisions by source and wakes in seconds, and counts restarts', async () => {
		const metrics = new RuntimeMetrics(new Registry());
		metrics.provisioned('warm-pool', 0.3);
		metrics.provisioned('cold', 7);
		metrics.woke(2.5);
		metrics.instanceRestarted();
		metrics.instanceRestarted();

		const text = await metrics.registry.metrics();
		expect(text).toContain('epic_instance_provision_seconds_count{source="warm-pool"} 1\n');
		expect(text).toContain('epic_instance_provision_seconds_sum{source="cold"} 7\n');
		expect(text).toContain('epic_instance_provision_seconds_bucket{le="5",source="cold"} 0\n');
		expect(text).toContain('epic_instance_provision_seconds_bucket{le="10",source="cold"} 1\n');
		expect(text).toContain('epic_instance_wake_seconds_sum 2.5\n');
		expect(text).toContain('epic_instance_wake_seconds_count 1\n');
		expect(text).toContain('epic_instance_restarts_total 2\n');
	});

	it('logs a value it cannot record instead of throwing, and keeps recording', async () => {
		const logs: string[] = [];
		const metrics = new RuntimeMetrics(new Registry(), (message) => logs.push(message));
		expect(() => metrics.woke(Number.NaN)).not.toThrow();
		expect(logs).toHaveLength(1);
		expect(logs[0]).toMatch(/^metrics: could not record a wake: /);
		metrics.woke(1);
		expect(await metrics.registry.metrics()).toContain('epic_instance_wake_seconds_count 1\n');
	});

	it('says whether the control plane answered the last scrape', async () => {
		const metrics = new RuntimeMetrics(new Registry());
		metrics.controlPlaneAnswered(false);
		expect(await valueOf(metrics.registry, 'epic_control_plane_metrics_up')).toBe(0);
		metrics.controlPlaneAnswered(true);
		expect(await valueOf(metrics.registry, 'epic_control_plane_metrics_up')).toBe(1);
	});
});

describe('instance gauges', () => {
	it('count instances by state, every state present, and add up the running sites’ memory at scrape time', async () => {
		const registry = new Registry();
		let instances: { state: InstanceState; memoryBytes: number | null }[] = [
			{ state: 'running', memoryBytes: 100 },
			{ state: 'running', memoryBytes: 250 },
			{ state: 'sleeping', memoryBytes: null },
		];
		registerInstanceGauges(registry, { list: () => instances }, { available: () => 1 });

		expect(await valueOf(registry, 'epic_instances', { state: 'running' })).toBe(2);
		expect(await valueOf(registry, 'epic_instances', { state: 'sleeping' })).toBe(1);
		expect(await valueOf(registry, 'epic_instances', { state: 'suspended' })).toBe(0);
		expect(await valueOf(registry, 'epic_sites_resident_memory_bytes')).toBe(350);
		expect(await valueOf(registry, 'epic_warm_pool_available')).toBe(1);

		// Read again at the next scrape: a state that emptied reads 0, not its old count.
		instances = [{ state: 'sleeping', memoryBytes: null }];
		expect(await valueOf(registry, 'epic_instances', { state: 'running' })).toBe(0);
		expect(await valueOf(registry, 'epic_sites_resident_memory_bytes')).toBe(0);
	});
});
