/**
 * `GET /projects/usage` (docs/product.md, Projects API) with a real runtime: a published site's
 * requests through the router are the figures the owner reads, exactly; another customer's figures
 * never include them; a control plane without a runtime, and one whose runtime is down, say usage is
 * unavailable instead of showing zeros; the counts outlive a restart of the runtime.
 */
import { randomBytes } from 'node:crypto';
import type { Project, ProjectsUsage } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, controlPlane, useOwnControlPlane, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { TestRuntime } from '../support/test-runtime.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { readUntil } from '../support/wait-for.ts';

/** Requests the test sends to the site; the router counts each one once. */
const SITE_REQUESTS = 7;

async function usageOf(customer: TestCustomer): Promise<ProjectsUsage> {
	const answer = await api<{ data: ProjectsUsage }>('GET', '/projects/usage', { token: customer.token });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body.data;
}

/** The figures, once the answer says they are available. */
function figures(usage: ProjectsUsage): Extract<ProjectsUsage, { available: true }> {
	if (!usage.available) throw new Error(`usage unavailable: ${usage.reason}`);
	return usage;
}

describe('a control plane without a runtime', () => {
	it('answers that usage is not configured, with no figures', async () => {
		const customer = await registerVerifiedCustomer('no-runtime');
		expect(await usageOf(customer)).toEqual({ available: false, reason: 'not_configured' });
	});

	it('answers only a signed-in customer', async () => {
		const anonymous = await api<ApiError>('GET', '/projects/usage');
		expect(anonymous.status).toBe(401);
		expect(anonymous.body.errors[0].extensions.code).toBe('NOT_AUTHENTICATED');
	});
});

describe('a control plane with a runtime', () => {
	let runtime: TestRuntime;
	let own: RunningTestControlPlane;
	let owner: TestCustomer;
	let stranger: TestCustomer;
	let projectId: string;
	let subdomain: string;

	beforeAll(async () => {
		runtime = new TestRuntime({ db: controlPlane().db, warmPoolSize: 1 });
		await runtime.start();
		own = await bootTestControlPlane(controlPlane().db, {
			label: 'usage',
			env: { RUNTIME_URL: runtime.apiUrl, RUNTIME_SECRET: runtime.secret, PUBLIC_HOST: 'localhost' },
		});
		const { stop: _stop, ...handle } = own;
		useOwnControlPlane(handle);
		[owner, stranger] = await Promise.all([registerVerifiedCustomer('usage-owner'), registerVerifiedCustomer('usage-stranger')]);

		await subscribeInSandbox(owner);

		subdomain = `usage-${randomBytes(3).toString('hex')}`;
		const created = await api<Data<Project>>('POST', '/projects', { token: owner.token, body: { name: 'Counted Site', subdomain } });
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		projectId = created.body.data.id;

		const readStatus = async () => (await api<Data<Project>>('GET', `/projects/${projectId}`, { token: owner.token })).body.data.status;
		const status = await readUntil(readStatus, (now) => ['published', 'failed'].includes(now), 90_000);
		expect(status).toBe('published');
	}, 240_000);

	afterAll(async () => {
		await own?.stop();
		await runtime?.destroy();
	});

	it('shows a published site with no traffic yet as zero requests, with no percentage', async () => {
		// Provisioning talks to the runtime's API, never through the router: nothing is counted yet.
		const usage = figures(await usageOf(owner));
		expect(usage.projects.map((project) => project.id)).toEqual([projectId]);
		expect(usage.total).toEqual({ requests: 0, previous_requests: 0, change_percent: null });
		expect(usage.projects[0]!.daily).toHaveLength(30);
		expect(usage.projects[0]!.daily.every((entry) => entry.requests === 0)).toBe(true);
	});

	it('counts every request to the site through the router, to the owner only', async () => {
		for (let sent = 0; sent < SITE_REQUESTS; sent++) {
			const ping = await hostRequest(runtime.routerUrl, `${subdomain}.localhost`, '/server/ping');
			expect(ping.status).toBe(200);
			expect(ping.body).toBe('pong');
		}

		const usage = figures(await usageOf(owner));
		expect(usage.total).toEqual({ requests: SITE_REQUESTS, previous_requests: 0, change_percent: null });
		const [project] = usage.projects;
		expect(project).toMatchObject({ id: projectId, requests: SITE_REQUESTS, previous_requests: 0, change_percent: null });
		expect(project!.daily.map((entry) => entry.day)).toEqual([...new Set(project!.daily.map((entry) => entry.day))].sort());
		expect(project!.daily[0]!.day).toBe(usage.from);
		expect(project!.daily.at(-1)!.day).toBe(usage.to);
		expect(project!.daily.reduce((sum, entry) => sum + entry.requests, 0)).toBe(SITE_REQUESTS);

		const theirs = figures(await usageOf(stranger));
		expect(theirs.projects).toEqual([]);
		expect(theirs.total).toEqual({ requests: 0, previous_requests: 0, change_percent: null });
	});

	it('says usage is unavailable while the runtime is down, and keeps the counts across its restart', async () => {
		await runtime.stop();
		expect(await usageOf(owner)).toEqual({ available: false, reason: 'unreachable' });

		await runtime.start();
		expect(figures(await usageOf(owner)).total.requests).toBe(SITE_REQUESTS);
	}, 120_000);
});
