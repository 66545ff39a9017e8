/**
 * The runtime's scrape address: Prometheus text with every series the operations docs list, a
 * proxied request counted, a provision timed, request ids given to proxied requests, and, with no
 * control plane to ask, `epic_control_plane_metrics_up 0` beside the runtime's own metrics.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { declaredMetrics, metricType, PROMETHEUS_TEXT_CONTENT_TYPE, sampleValue } from '../support/prometheus-text.ts';
import { TestRuntime, type RuntimeDatabaseClient } from '../support/test-runtime.ts';

const db = (process.env['RUNTIME_TEST_DB'] ?? 'sqlite3') as RuntimeDatabaseClient;
const admin = { email: 'metrics@example.com', password: 'metrics-secret-password' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let runtime: TestRuntime;

async function scrape(): Promise<{ status: number; contentType: string | null; text: string }> {
	const response = await fetch(runtime.metricsUrl);
	return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

beforeAll(async () => {
	runtime = new TestRuntime({ db, warmPoolSize: 1 });
	await runtime.start();
	await runtime.waitForPool(1);
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

describe(`runtime metrics (${db})`, () => {
	test('the scrape is Prometheus text with HELP and TYPE for every series, the control plane marked down', async () => {
		const { status, contentType, text } = await scrape();
		expect(status).toBe(200);
		expect(contentType).toBe(PROMETHEUS_TEXT_CONTENT_TYPE);
		const expected: [string, string][] = [
			['epic_instances', 'gauge'],
			['epic_instance_wake_seconds', 'histogram'],
			['epic_instance_provision_seconds', 'histogram'],
			['epic_proxy_requests_total', 'counter'],
			['epic_proxy_errors_total', 'counter'],
			['epic_instance_restarts_total', 'counter'],
			['epic_sites_resident_memory_bytes', 'gauge'],
			['epic_warm_pool_available', 'gauge'],
			['epic_runtime_process_resident_memory_bytes', 'gauge'],
			['epic_control_plane_metrics_up', 'gauge'],
		];
		for (const [name, type] of expected) expect(metricType(text, name), name).toBe(type);
		// Every series carries the prefix, and none is declared twice.
		const names = declaredMetrics(text);
		expect(names.filter((name) => !name.startsWith('epic_'))).toEqual([]);
		expect(new Set(names).size).toBe(names.length);
		expect(sampleValue(text, 'epic_control_plane_metrics_up')).toBe(0);
		expect(sampleValue(text, 'epic_warm_pool_available')).toBe(1);
		expect(sampleValue(text, 'epic_runtime_process_resident_memory_bytes')).toBeGreaterThan(0);
	});

	test('a provision from the warm pool is timed, and the instance counted as running', async () => {
		const before = await scrape();
		expect(sampleValue(before.text, 'epic_instance_provision_seconds_count{source="warm-pool"}')).toBeNull();
		expect(sampleValue(before.text, 'epic_instances{state="running"}')).toBe(0);

		const status = await runtime.driver.ensureInstance({ projectId: 'p-metrics', subdomain: 'counted', projectName: 'Counted', admin });
		expect(status).toMatchObject({ state: 'running', source: 'warm-pool' });

		const after = await scrape();
		expect(sampleValue(after.text, 'epic_instance_provision_seconds_count{source="warm-pool"}')).toBe(1);
		expect(sampleValue(after.text, 'epic_instance_provision_seconds_sum{source="warm-pool"}')).toBeGreaterThan(0);
		expect(sampleValue(after.text, 'epic_instance_provision_seconds_count{source="cold"}')).toBeNull();
		expect(sampleValue(after.text, 'epic_instances{state="running"}')).toBe(1);
		expect(sampleValue(after.text, 'epic_sites_resident_memory_bytes')).toBeGreaterThan(0);
	});

	test('a proxied request is counted under its target and status class, and carries a request id', async () => {
		const series = 'epic_proxy_requests_total{target="site",status_class="2xx"}';
		const before = sampleValue((await scrape()).text, series) ?? 0;

		const ping = await hostRequest(runtime.routerUrl, 'counted.localhost', '/server/ping', { headers: { 'x-request-id': 'scrape-test-0001' } });
		expect(ping.status).toBe(200);
		expect(ping.body).toBe('pong');
		expect(ping.headers['x-request-id']).toBe('scrape-test-0001');

		expect(sampleValue((await scrape()).text, series)).toBe(before + 1);

		// No id, or one that is not a safe token: the router makes a new one.
		const unnamed = await hostRequest(runtime.routerUrl, 'counted.localhost', '/server/ping', { headers: { 'x-request-id': 'not a token' } });
		expect(unnamed.status).toBe(200);
		expect(unnamed.headers['x-request-id']).toMatch(UUID);
	});

	test('the scrape address serves /metrics only, and the router does not lead to it', async () => {
		expect((await fetch(runtime.metricsUrl.replace('/metrics', '/'))).status).toBe(404);
		const throughRouter = await hostRequest(runtime.routerUrl, 'localhost', '/metrics');
		expect(throughRouter.status).toBe(404);
		expect(throughRouter.body).not.toContain('epic_');
	});
});
