/**
 * `GET /projects/{id}/tier` (docs/product.md, Directus tier) with a real runtime: the owner sees
 * their site's Directus tier as the site reports it (Core: Studio seats, collections and active
 * flows against 3, 25 and 5); staff see any project's; a stranger gets nothing; a control plane
 * without a runtime says the tier is not read instead of showing zeros.
 */
import type { Project, ProjectTier } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, type ApiError, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';

async function tierAs(token: string, projectId: string): Promise<ProjectTier> {
	const answer = await api<{ data: ProjectTier }>('GET', `/projects/${projectId}/tier`, { token });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	expect(answer.headers.get('cache-control')).toBe('no-store');
	return answer.body.data;
}

describe('a control plane without a runtime', () => {
	it('answers the owner that the tier is not read, and a stranger nothing', async () => {
		const [owner, stranger] = await Promise.all([registerVerifiedCustomer('tier-none'), registerVerifiedCustomer('tier-none-stranger')]);
		await subscribeInSandbox(owner);
		const created = await api<Data<Project>>('POST', '/projects', { token: owner.token, body: { name: 'Untiered', subdomain: `tier-none-${Date.now().toString(36)}` } });
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const id = created.body.data.id;
		expect(await tierAs(owner.token, id)).toEqual({ available: false, reason: 'not_configured' });
		const theirs = await api<ApiError>('GET', `/projects/${id}/tier`, { token: stranger.token });
		expect(theirs.status).toBe(404);
		expect(theirs.body.errors[0].extensions.code).toBe('PROJECT_NOT_FOUND');
	});
});

describe('a control plane with a runtime', () => {
	let stack: WorkerJourneyStack;
	let runtime: WorkerJourneyStack['runtime'];
	let owner: TestCustomer;
	let stranger: TestCustomer;
	let project: { id: string; subdomain: string };

	beforeAll(async () => {
		stack = workerJourneyStack();
		({ runtime } = stack);
		[owner, stranger] = await Promise.all([registerVerifiedCustomer('tier-owner'), registerVerifiedCustomer('tier-stranger')]);
		await subscribeInSandbox(owner);
		project = await publishedProject(owner, 'tier');
	}, 300_000);

	afterAll(async () => {
		await stack?.stopSites();
	});

	it("gives the owner the site's tier as the site reports it", async () => {
		expect(await tierAs(owner.token, project.id)).toEqual({
			available: true,
			name: 'Core',
			status: 'active',
			seats: { used: 1, limit: 3 },
			collections: { used: 0, limit: 25 },
			flows: { used: 0, limit: 5 },
			custom_permission_rules: false,
		});
	});

	it("gives staff any project's tier, a stranger nothing, and says when the site is stopped", async () => {
		expect(await tierAs(await adminToken(), project.id)).toMatchObject({ available: true, name: 'Core' });
		const theirs = await api('GET', `/projects/${project.id}/tier`, { token: stranger.token });
		expect(theirs.status).toBe(404);
		await runtime.driver.stopInstance(project.id);
		expect(await tierAs(owner.token, project.id)).toEqual({ available: false, reason: 'not_running' });
		await runtime.driver.startInstance(project.id);
	});
});
