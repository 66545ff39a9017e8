/**
 * The control plane's metrics and request ids, with a real runtime in front of it as in
 * production: `GET /platform-metrics` refuses anyone without the runtime's secret and answers the
 * billing and provisioning series to the runtime, whose own scrape then carries them; the router
 * never leads to that route; a request through the router keeps one id from the router to the
 * control plane's log line.
 */
import { randomBytes } from 'node:crypto';
import type { Project } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { api, controlPlane, useOwnControlPlane, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { declaredMetrics, metricType, PROMETHEUS_TEXT_CONTENT_TYPE, sampleValue } from '../support/prometheus-text.ts';
import { waitFor } from '../support/wait-for.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { TestRuntime } from '../support/test-runtime.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let runtime: TestRuntime;
let own: RunningTestControlPlane;
let owner: TestCustomer;

const platformMetrics = (authorization?: string) => fetch(`${own.url}/platform-metrics`, { headers: authorization ? { authorization } : {} });

beforeAll(async () => {
	const database = controlPlane().db;
	// The runtime is told where the control plane will listen; until it does, its scrape says so.
	const controlPlanePort = await freeLoopbackPort();
	runtime = new TestRuntime({ db: database, warmPoolSize: 0, controlPlaneUrl: `http://127.0.0.1:${controlPlanePort}` });
	await runtime.start();
	own = await bootTestControlPlane(database, {
		label: 'metrics',
		env: {
			PORT: String(controlPlanePort),
			PUBLIC_URL: `http://127.0.0.1:${controlPlanePort}`,
			RUNTIME_URL: runtime.apiUrl,
			RUNTIME_SECRET: runtime.secret,
			PUBLIC_HOST: 'localhost',
			// Directus's request log lines (info) carry the request id.
			LOG_LEVEL: 'info',
		},
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	owner = await registerVerifiedCustomer('metrics-owner');
	await subscribeInSandbox(owner);
}, 240_000);

afterAll(async () => {
	await own?.stop();
	await runtime?.destroy();
});

describe('platform metrics', () => {
	it('refuses a caller without the runtime secret', async () => {
		for (const authorization of [undefined, 'Bearer ', `Bearer ${runtime.secret}x`, `Basic ${runtime.secret}`, runtime.secret]) {
			const refused = await platformMetrics(authorization);
			expect(refused.status, String(authorization)).toBe(401);
			const body = (await refused.json()) as { errors: { extensions: { code: string } }[] };
			expect(body.errors[0]?.extensions.code).toBe('INVALID_CREDENTIALS');
		}
	});

	it('answers the billing events and provisioning steps to the runtime secret, then the runtime serves them too', async () => {
		const subdomain = `metrics-${randomBytes(3).toString('hex')}`;
		const created = await api<Data<Project>>('POST', '/projects', { token: owner.token, body: { name: 'Metrics Shop', subdomain } });
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const published = await waitFor(
			'the project to be published',
			async () => {
				const project = (await api<Data<Project>>('GET', `/projects/${created.body.data.id}`, { token: owner.token })).body.data;
				return ['published', 'failed'].includes(project.status) ? project : null;
			},
			90_000,
		);
		expect(published.status).toBe('published');

		const answer = await platformMetrics(`Bearer ${runtime.secret}`);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toBe(PROMETHEUS_TEXT_CONTENT_TYPE);
		const text = await answer.text();
		expect(metricType(text, 'epic_billing_webhooks_processed_total')).toBe('counter');
		expect(metricType(text, 'epic_billing_webhooks_failed_total')).toBe('counter');
		expect(metricType(text, 'epic_provisioning_steps_total')).toBe('counter');
		expect(metricType(text, 'epic_control_plane_process_resident_memory_bytes')).toBe('gauge');
		// The one sandbox subscription: its three events, each processed once.
		for (const type of ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']) {
			expect(sampleValue(text, `epic_billing_webhooks_processed_total{type="${type}",outcome="processed"}`), type).toBe(1);
		}
		for (const step of ['infrastructure', 'database', 'domain']) {
			expect(sampleValue(text, `epic_provisioning_steps_total{step="${step}",outcome="complete"}`), step).toBe(1);
			expect(sampleValue(text, `epic_provisioning_steps_total{step="${step}",outcome="failed"}`), step).toBeNull();
		}
		// Sites are served over plain HTTP here: the certificate step is counted as skipped, never as done.
		expect(sampleValue(text, 'epic_provisioning_steps_total{step="certificate",outcome="skipped"}')).toBe(1);
		expect(sampleValue(text, 'epic_provisioning_steps_total{step="certificate",outcome="complete"}')).toBeNull();

		const scrape = await fetch(runtime.metricsUrl);
		expect(scrape.headers.get('content-type')).toBe(PROMETHEUS_TEXT_CONTENT_TYPE);
		const combined = await scrape.text();
		expect(sampleValue(combined, 'epic_control_plane_metrics_up')).toBe(1);
		// Both planes' process figures, under their own prefixes: no metric is declared twice.
		const names = declaredMetrics(combined);
		expect(new Set(names).size).toBe(names.length);
		expect(names).toContain('epic_runtime_process_resident_memory_bytes');
		expect(names).toContain('epic_control_plane_process_resident_memory_bytes');
		expect(sampleValue(combined, 'epic_provisioning_steps_total{step="database",outcome="complete"}')).toBe(1);
		expect(sampleValue(combined, 'epic_instance_provision_seconds_count{source="cold"}')).toBe(1);
	});

	it('stays in the scrape of a runtime given the new secret before the control plane (a rotation’s first step)', async () => {
		const newSecret = randomBytes(24).toString('base64url');
		// The control plane still holds the old secret alone: the new one by itself is refused.
		expect((await platformMetrics(`Bearer ${newSecret}`)).status).toBe(401);
		const rotated = new TestRuntime({
			db: controlPlane().db,
			warmPoolSize: 0,
			controlPlaneUrl: own.url,
			// The start's wait for the API sends the control plane's (the previous) secret.
			secret: runtime.secret,
			env: { RUNTIME_SECRET: newSecret, RUNTIME_SECRET_PREVIOUS: runtime.secret },
		});
		try {
			await rotated.start();
			const combined = await (await fetch(rotated.metricsUrl)).text();
			expect(sampleValue(combined, 'epic_control_plane_metrics_up')).toBe(1);
			// The figures of the project made above, read from the control plane with the previous secret.
			expect(sampleValue(combined, 'epic_provisioning_steps_total{step="database",outcome="complete"}')).toBe(1);
		} finally {
			await rotated.destroy();
		}
	}, 240_000);

	it('is not reachable through the router, even with the secret', async () => {
		for (const path of ['/platform-metrics', '/Platform-Metrics/', '/platform%2Dmetrics']) {
			const throughRouter = await hostRequest(runtime.routerUrl, 'localhost', path, { headers: { authorization: `Bearer ${runtime.secret}` } });
			expect(throughRouter.status, path).toBe(404);
			expect(throughRouter.body, path).not.toContain('epic_');
		}
		// The control plane itself is reachable there: the refusal is the route's, not the host's.
		expect((await hostRequest(runtime.routerUrl, 'localhost', '/server/ping')).body).toBe('pong');
	});

	it('keeps one request id from the router to the control plane and its log line', async () => {
		const id = `metrics-${randomBytes(6).toString('hex')}`;
		const ping = await hostRequest(runtime.routerUrl, 'localhost', '/server/ping', { headers: { 'x-request-id': id } });
		expect(ping.status).toBe(200);
		expect(ping.headers['x-request-id']).toBe(id);
		const logged = await waitFor('the request log line', () => requestLogLines(own.output()).find((line) => line.req?.id === id));
		expect(logged.req?.url).toBe('/server/ping');

		// A request without one gets a new id from the router, and the control plane logs that one.
		const unnamed = await hostRequest(runtime.routerUrl, 'localhost', '/server/ping');
		const newId = unnamed.headers['x-request-id'];
		expect(newId).toMatch(UUID);
		await waitFor('the request log line with the new id', () => requestLogLines(own.output()).find((line) => line.req?.id === newId));

		// Straight to the control plane (no router), it makes its own.
		const direct = await fetch(`${own.url}/server/ping`);
		expect(direct.headers.get('x-request-id')).toMatch(UUID);
	});
});

interface RequestLogLine {
	req?: { id?: unknown; url?: string };
}

/** Directus's JSON log lines (LOG_STYLE=raw) about requests. */
function requestLogLines(output: string): RequestLogLine[] {
	return output
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.flatMap((line) => {
			try {
				return [JSON.parse(line) as RequestLogLine];
			} catch {
				return [];
			}
		})
		.filter((line) => line.req !== undefined);
}
