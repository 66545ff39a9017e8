/**
 * A project's allowed origins through the control plane (docs/product.md, Allowed origins), with a
 * real runtime: the owner's list is normalised, stored and given to the site at once, whose router
 * then answers a preflight from an allowed origin and not from another; a list that is not origins
 * is refused naming the bad entry, and nothing changes; a stranger cannot read or set the list.
 */
import type { Project } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiError, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';

let stack: WorkerJourneyStack;
let runtime: WorkerJourneyStack['runtime'];
let owner: TestCustomer;
let stranger: TestCustomer;
let project: { id: string; subdomain: string };

/** The site's answer to a browser's preflight from `origin`. */
async function preflightFrom(origin: string) {
	return hostRequest(runtime.routerUrl, `${project.subdomain}.localhost`, '/items/articles', {
		method: 'OPTIONS',
		headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
	});
}

beforeAll(async () => {
	stack = workerJourneyStack();
	({ runtime } = stack);
	[owner, stranger] = await Promise.all([registerVerifiedCustomer('cors-owner'), registerVerifiedCustomer('cors-stranger')]);
	await subscribeInSandbox(owner);
	project = await publishedProject(owner, 'cors');
}, 300_000);

afterAll(async () => {
	await stack?.stopSites();
});

describe("a project's allowed origins", () => {
	it('starts empty: a preflight from any origin gets no CORS headers', async () => {
		expect((await api<Data<Project>>('GET', `/projects/${project.id}`, { token: owner.token })).body.data.cors_origins).toEqual([]);
		const preflight = await preflightFrom('https://www.shop.example');
		expect(preflight.status).toBe(204);
		expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
	});

	it("are saved normalised, reach the site at once, and the site's router answers for them", async () => {
		const saved = await api<Data<Project>>('PATCH', `/projects/${project.id}`, {
			token: owner.token,
			body: { cors_origins: ['https://WWW.Shop.example/', 'http://localhost:3000', 'https://www.shop.example'] },
		});
		expect(saved.status, JSON.stringify(saved.body)).toBe(200);
		expect(saved.body.data.cors_origins).toEqual(['https://www.shop.example', 'http://localhost:3000']);
		expect((await runtime.driver.instanceStatus(project.id))!.corsOrigins).toEqual(['https://www.shop.example', 'http://localhost:3000']);

		const allowed = await preflightFrom('https://www.shop.example');
		expect(allowed.status).toBe(204);
		expect(allowed.headers['access-control-allow-origin']).toBe('https://www.shop.example');
		expect(allowed.headers['access-control-allow-headers']).toBe('authorization');
		expect((await preflightFrom('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
	});

	it('refuses a list that is not origins, naming the entry, and changes nothing', async () => {
		const refused = await api<ApiError>('PATCH', `/projects/${project.id}`, { token: owner.token, body: { cors_origins: ['https://ok.example', 'https://shop.example/app'] } });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
		expect(refused.body.errors[0].message).toContain('https://shop.example/app is not an origin');
		const tooMany = await api<ApiError>('PATCH', `/projects/${project.id}`, {
			token: owner.token,
			body: { cors_origins: Array.from({ length: 21 }, (_, index) => `https://site${index}.example`) },
		});
		expect(tooMany.status).toBe(400);
		expect(tooMany.body.errors[0].message).toContain('At most 20 allowed origins');
		expect((await api<Data<Project>>('GET', `/projects/${project.id}`, { token: owner.token })).body.data.cors_origins).toEqual([
			'https://www.shop.example',
			'http://localhost:3000',
		]);
		expect((await runtime.driver.instanceStatus(project.id))!.corsOrigins).toEqual(['https://www.shop.example', 'http://localhost:3000']);
	});

	it("a stranger can neither read nor set another customer's list", async () => {
		expect((await api('GET', `/projects/${project.id}`, { token: stranger.token })).status).toBe(404);
		const taken = await api('PATCH', `/projects/${project.id}`, { token: stranger.token, body: { cors_origins: ['https://evil.example'] } });
		expect(taken.status).toBe(404);
		expect((await runtime.driver.instanceStatus(project.id))!.corsOrigins).toEqual(['https://www.shop.example', 'http://localhost:3000']);
		expect((await preflightFrom('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
	});
});
