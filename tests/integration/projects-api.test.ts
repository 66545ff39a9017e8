/**
 * The customer projects API (docs/product.md, Projects API) on a real control plane: validation with
 * the spec's messages, where bad input changes nothing; the life of one project; ownership, where
 * another customer's project answers like a missing one through every route; the plan's rule and
 * the limit under concurrency. Customers subscribe through the sandbox's checkout.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Project } from '@epic/platform-api';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, type ApiError, type ApiErrorEntry, type ApiResponse, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { TEST_PUBLIC_HOST } from '../support/test-control-plane.ts';
import { websocketReplies } from '../support/websocket.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';

let db: Knex;
let admin: string;
/** Pro (3 projects): the happy path and the bad inputs. */
let alice: TestCustomer;
/** Starter (1 project): the other tenant, then the limit. */
let bob: TestCustomer;
/** No subscription, then a past-due one. */
let carol: TestCustomer;
/** The free plan (0 projects). */
let dave: TestCustomer;
/** Pro, for the concurrent creations. */
let erin: TestCustomer;
/** Business (unlimited), for concurrent creations of one subdomain. */
let frank: TestCustomer;
let bobProject: Project;

const tag = () => randomBytes(4).toString('hex');
async function createProject(customer: TestCustomer, body: Record<string, unknown>): Promise<ApiResponse<Data<Project> & Partial<ApiError>>> {
	return api('POST', '/projects', { token: customer.token, body });
}

async function created(customer: TestCustomer, label: string): Promise<Project> {
	const response = await createProject(customer, { name: `${label} site`, subdomain: `${label}-${tag()}` });
	expect(response.status, JSON.stringify(response.body)).toBe(201);
	return response.body.data;
}

/**
 * Every row of `projects` of this file's customers, as stored: what a refused request must leave
 * untouched (other test files create projects of their own meanwhile).
 */
async function allProjectRows(): Promise<unknown[]> {
	return db('projects').select('*').whereIn('owner', [alice.id, bob.id, carol.id, dave.id]).orderBy('id');
}

async function allProjectRowsOf(customer: TestCustomer): Promise<unknown[]> {
	return db('projects').select('*').where({ owner: customer.id }).orderBy('id');
}

async function countProjectsOf(customer: TestCustomer): Promise<number> {
	const [row] = await db('projects').where({ owner: customer.id }).count({ count: '*' });
	return Number(row?.['count'] ?? 0);
}

function expectRefusal(response: ApiResponse<unknown>, status: number, code: string, label: string): ApiErrorEntry {
	expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(status);
	const error = (response.body as ApiError).errors[0]!;
	expect(error.extensions.code, label).toBe(code);
	return error;
}

beforeAll(async () => {
	db = knex(controlPlane().knexConnection);
	admin = await adminToken();
	[alice, bob, carol, dave, erin, frank] = await Promise.all([
		registerVerifiedCustomer('alice-projects'),
		registerVerifiedCustomer('bob-projects'),
		registerVerifiedCustomer('carol-projects'),
		registerVerifiedCustomer('dave-projects'),
		registerVerifiedCustomer('erin-projects'),
		registerVerifiedCustomer('frank-projects'),
	]);
	await Promise.all([subscribeInSandbox(alice, 'pro'), subscribeInSandbox(bob, 'starter'), subscribeInSandbox(erin, 'pro'), subscribeInSandbox(frank, 'business')]);
	// The free plan is not sold through checkout; staff can still put a customer on it.
	const free = await api('POST', '/items/user_subscriptions', { token: admin, body: { user: dave.id, plan: 'free', status: 'active', period: 'monthly' } });
	expect(free.status, JSON.stringify(free.body)).toBe(200);

	bobProject = await created(bob, 'bob');
	// Bob's project with a custom domain and credentials, as provisioning will leave it.
	const stored = await api('PATCH', `/items/projects/${bobProject.id}`, {
		token: admin,
		body: { domain: `bob-${tag()}.example.com`, admin_password: `bob-secret-${tag()}` },
	});
	expect(stored.status, JSON.stringify(stored.body)).toBe(200);
	bobProject = (await api<{ data: Project }>('GET', `/projects/${bobProject.id}`, { token: bob.token })).body.data;
});

afterAll(async () => {
	await db?.destroy();
});

describe('projects API', () => {
	it('refuses callers without a token', async () => {
		for (const [method, path] of [
			['GET', '/projects'],
			['POST', '/projects'],
			['GET', `/projects/${bobProject.id}`],
			['PATCH', `/projects/${bobProject.id}`],
			['DELETE', `/projects/${bobProject.id}`],
		] as const) {
			const response = await api(method, path, method === 'POST' || method === 'PATCH' ? { body: { name: 'x' } } : {});
			expect(expectRefusal(response, 401, 'NOT_AUTHENTICATED', `${method} ${path}`).message).toBe('User not authenticated');
		}
	});

	it('creates, lists, reads, changes and deletes a project of its owner', async () => {
		const subdomain = `Alice-Shop-${tag()}`;
		const response = await createProject(alice, { name: '  Alice Shop ', description: 'Handmade things', subdomain: ` ${subdomain} ` });
		expect(response.status, JSON.stringify(response.body)).toBe(201);
		const project = response.body.data;
		expect(project).toMatchObject({
			name: 'Alice Shop',
			description: 'Handmade things',
			subdomain: subdomain.toLowerCase(),
			domain: null,
			status: 'draft',
			steps: [],
			failure_reason: null,
			url: null,
			admin_url: null,
		});
		expect(project.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(project.date_created).toBeTruthy();
		expect(Object.keys(project)).not.toContain('admin_password');
		expect(Object.keys(project)).not.toContain('owner');

		// Stored for the owner, in draft, with the owner's email as the site's admin and no password yet.
		const row = await db('projects').where({ id: project.id }).first();
		expect(row).toMatchObject({ owner: alice.id, status: 'draft', admin_email: alice.email, admin_password: null, subdomain: subdomain.toLowerCase() });

		const list = await api<{ data: Project[] }>('GET', '/projects', { token: alice.token });
		expect(list.status).toBe(200);
		expect(list.body.data.map((entry) => entry.id)).toEqual([project.id]);
		const one = await api<{ data: Project }>('GET', `/projects/${project.id}`, { token: alice.token });
		expect(one).toMatchObject({ status: 200, body: { data: project } });

		const domainTag = tag();
		const changed = await api<{ data: Project }>('PATCH', `/projects/${project.id}`, {
			token: alice.token,
			body: { name: 'Alice Books', description: '', domain: ` Bücher-${domainTag}.Example.ORG. ` },
		});
		expect(changed.status, JSON.stringify(changed.body)).toBe(200);
		expect(changed.body.data).toMatchObject({
			name: 'Alice Books',
			description: null,
			subdomain: subdomain.toLowerCase(),
			status: 'draft',
		});
		// Stored in punycode, as a browser would ask for it.
		expect(changed.body.data.domain).toBe(new URL(`http://bücher-${domainTag}.example.org`).hostname);
		expect(changed.body.data.domain).toMatch(/^xn--bcher-/);
		const cleared = await api<{ data: Project }>('PATCH', `/projects/${project.id}`, { token: alice.token, body: { domain: null } });
		expect(cleared.body.data.domain).toBeNull();
		const again = await api<{ data: Project }>('PATCH', `/projects/${project.id}`, { token: alice.token, body: { domain: `alice-${domainTag}.example.org` } });
		expect(again.body.data.domain).toBe(`alice-${domainTag}.example.org`);
		expect((await api<{ data: Project }>('PATCH', `/projects/${project.id}`, { token: alice.token, body: { domain: '' } })).body.data.domain).toBeNull();

		// Once provisioning publishes the site, its addresses are given.
		expect((await api('PATCH', `/items/projects/${project.id}`, { token: admin, body: { status: 'published' } })).status).toBe(200);
		const published = await api<{ data: Project }>('GET', `/projects/${project.id}`, { token: alice.token });
		const port = new URL(controlPlane().url).port;
		expect(published.body.data).toMatchObject({
			status: 'published',
			url: `http://${subdomain.toLowerCase()}.${TEST_PUBLIC_HOST}:${port}`,
			admin_url: `http://${subdomain.toLowerCase()}.${TEST_PUBLIC_HOST}:${port}/admin`,
		});

		const removed = await api('DELETE', `/projects/${project.id}`, { token: alice.token });
		expect(removed.status).toBe(204);
		expectRefusal(await api('GET', `/projects/${project.id}`, { token: alice.token }), 404, 'PROJECT_NOT_FOUND', 'after delete');
		expectRefusal(await api('DELETE', `/projects/${project.id}`, { token: alice.token }), 404, 'PROJECT_NOT_FOUND', 'delete twice');
		expect(await db('projects').where({ id: project.id }).first()).toBeUndefined();
		expect((await api<{ data: Project[] }>('GET', '/projects', { token: alice.token })).body.data).toEqual([]);
	});

	it('refuses bad input with a 4xx naming the field, and creates or changes nothing', async () => {
		const mine = await created(alice, 'alice-kept');
		const before = await allProjectRows();
		const badCreates: [label: string, body: unknown, field: string, message?: string][] = [
			['nothing', {}, 'name', 'Project name is required'],
			['no name', { subdomain: `ok-${tag()}` }, 'name', 'Project name is required'],
			['empty name', { name: '', subdomain: `ok-${tag()}` }, 'name', 'Project name is required'],
			['blank name', { name: '   ', subdomain: `ok-${tag()}` }, 'name', 'Project name is required'],
			['null name', { name: null, subdomain: `ok-${tag()}` }, 'name', 'Project name is required'],
			['numeric name', { name: 42, subdomain: `ok-${tag()}` }, 'name'],
			['101-character name', { name: 'x'.repeat(101), subdomain: `ok-${tag()}` }, 'name'],
			['two-line name', { name: 'one\ntwo', subdomain: `ok-${tag()}` }, 'name'],
			['no subdomain', { name: 'Shop' }, 'subdomain', 'Subdomain is required'],
			['empty subdomain', { name: 'Shop', subdomain: '' }, 'subdomain', 'Subdomain is required'],
			['leading hyphen', { name: 'Shop', subdomain: '-shop' }, 'subdomain', 'Please enter a valid subdomain (letters, numbers, and hyphens only)'],
			['trailing hyphen', { name: 'Shop', subdomain: 'shop-' }, 'subdomain', 'Please enter a valid subdomain (letters, numbers, and hyphens only)'],
			['underscore', { name: 'Shop', subdomain: 'my_shop' }, 'subdomain', 'Please enter a valid subdomain (letters, numbers, and hyphens only)'],
			['dot', { name: 'Shop', subdomain: 'my.shop' }, 'subdomain', 'Please enter a valid subdomain (letters, numbers, and hyphens only)'],
			['accent', { name: 'Shop', subdomain: 'café' }, 'subdomain', 'Please enter a valid subdomain (letters, numbers, and hyphens only)'],
			['space', { name: 'Shop', subdomain: 'my shop' }, 'subdomain', 'Please enter a valid subdomain (letters, numbers, and hyphens only)'],
			['64 characters', { name: 'Shop', subdomain: 'a'.repeat(64) }, 'subdomain'],
			['numeric subdomain', { name: 'Shop', subdomain: 123 }, 'subdomain'],
			['reserved www', { name: 'Shop', subdomain: 'www' }, 'subdomain'],
			['reserved API in capitals', { name: 'Shop', subdomain: 'API' }, 'subdomain'],
			['reserved admin', { name: 'Shop', subdomain: 'admin' }, 'subdomain'],
			['reserved status', { name: 'Shop', subdomain: 'status' }, 'subdomain'],
			['numeric description', { name: 'Shop', subdomain: `ok-${tag()}`, description: 5 }, 'description'],
			['long description', { name: 'Shop', subdomain: `ok-${tag()}`, description: 'd'.repeat(1001) }, 'description'],
			['an owner', { name: 'Shop', subdomain: `ok-${tag()}`, owner: bob.id }, 'owner'],
			['a status', { name: 'Shop', subdomain: `ok-${tag()}`, status: 'published' }, 'status'],
			['a password', { name: 'Shop', subdomain: `ok-${tag()}`, admin_password: 'mine' }, 'admin_password'],
			['a domain', { name: 'Shop', subdomain: `ok-${tag()}`, domain: 'shop.example.com' }, 'domain'],
			['an array', [{ name: 'Shop', subdomain: `ok-${tag()}` }], 'body'],
		];
		for (const [label, body, field, message] of badCreates) {
			const response = await createProject(alice, body as Record<string, unknown>);
			const error = expectRefusal(response, 400, 'INVALID_PAYLOAD', label);
			expect(error.message, label).toContain(field);
			if (message) expect(error.message, label).toContain(`${field}: ${message}`);
		}
		for (const subdomain of [bobProject.subdomain, bobProject.subdomain.toUpperCase()]) {
			const error = expectRefusal(await createProject(alice, { name: 'Shop', subdomain }), 409, 'SUBDOMAIN_TAKEN', subdomain);
			expect(error.extensions.field).toBe('subdomain');
			expect(error.message).toMatch(/^subdomain: /);
		}

		const badChanges: [label: string, body: unknown, field: string][] = [
			['nothing to change', {}, 'nothing to change'],
			['empty name', { name: '' }, 'name'],
			['long name', { name: 'y'.repeat(101) }, 'name'],
			['the subdomain', { subdomain: `other-${tag()}` }, 'subdomain'],
			['a status', { status: 'published' }, 'status'],
			['an owner', { owner: bob.id }, 'owner'],
			['a password', { admin_password: 'mine' }, 'admin_password'],
			['an admin email', { admin_email: 'me@example.com' }, 'admin_email'],
			['steps', { steps: [] }, 'steps'],
			['an IPv4 address', { domain: '192.168.0.10' }, 'domain'],
			['an IPv6 address', { domain: '[2001:db8::1]' }, 'domain'],
			['a URL', { domain: 'https://shop.example.com/' }, 'domain'],
			['a port', { domain: 'shop.example.com:8080' }, 'domain'],
			['one label', { domain: 'localhost' }, 'domain'],
			['a wildcard', { domain: '*.example.com' }, 'domain'],
			['an underscore', { domain: 'my_shop.example.com' }, 'domain'],
			['the platform host', { domain: TEST_PUBLIC_HOST }, 'domain'],
			["a platform's subdomain", { domain: `shop.${TEST_PUBLIC_HOST.toUpperCase()}.` }, 'domain'],
			['a numeric domain', { domain: 42 }, 'domain'],
		];
		for (const [label, body, field] of badChanges) {
			const response = await api('PATCH', `/projects/${mine.id}`, { token: alice.token, body });
			const error = expectRefusal(response, 400, 'INVALID_PAYLOAD', label);
			expect(error.message, label).toContain(field);
		}

		expect(badCreates.length + 2 + badChanges.length).toBeGreaterThanOrEqual(29);
		expect(await allProjectRows()).toEqual(before);
		// Another project's domain is no bad input: a claim blocks nobody, and only the project that
		// proves the domain in DNS is served on it (tests/integration/provisioning.test.ts).
		const claimed = await api<{ data: Project }>('PATCH', `/projects/${mine.id}`, { token: alice.token, body: { domain: bobProject.domain!.toUpperCase() } });
		expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
		expect(claimed.body.data).toMatchObject({ domain: bobProject.domain, domain_verified_at: null });
		expect((await api<{ data: Project }>('GET', `/projects/${bobProject.id}`, { token: bob.token })).body.data.domain).toBe(bobProject.domain);
		await api('DELETE', `/projects/${mine.id}`, { token: alice.token });
	});

	it("answers another customer's project exactly like a missing one, through every route", async () => {
		const missing = randomUUID();
		for (const [method, body] of [
			['GET', undefined],
			['PATCH', { name: 'mine now' }],
			['DELETE', undefined],
		] as const) {
			const theirs = await api(method, `/projects/${bobProject.id}`, { token: alice.token, body });
			const nothing = await api(method, `/projects/${missing}`, { token: alice.token, body });
			expectRefusal(theirs, 404, 'PROJECT_NOT_FOUND', `${method} other's`);
			expect(theirs.body, method).toEqual(nothing.body);
		}
		for (const id of ['not-a-uuid', 'new', `${bobProject.id}x`]) {
			expectRefusal(await api('GET', `/projects/${id}`, { token: alice.token }), 404, 'PROJECT_NOT_FOUND', id);
		}
		const list = await api('GET', '/projects', { token: alice.token });
		expect(JSON.stringify(list.body)).not.toContain(bobProject.id);

		// Directus's own routes refuse the collection whole.
		expect((await api('GET', '/items/projects', { token: alice.token })).status).toBe(403);
		expect((await api('GET', `/items/projects/${bobProject.id}`, { token: alice.token })).status).toBe(403);
		expect((await api('PATCH', `/items/projects/${bobProject.id}`, { token: alice.token, body: { name: 'x' } })).status).toBe(403);
		expect((await api('DELETE', `/items/projects/${bobProject.id}`, { token: alice.token })).status).toBe(403);
		for (const query of ['{ projects { id name admin_password } }', `{ projects_by_id(id: "${bobProject.id}") { id admin_password } }`]) {
			const result = await api<ApiError>('POST', '/graphql', { token: alice.token, body: { query } });
			expect(result.status, query).toBe(400);
			expect(result.body.errors[0].extensions.code, query).toBe('GRAPHQL_VALIDATION');
			expect(JSON.stringify(result.body), query).not.toContain(bobProject.id);
		}
		const mutation = await api('POST', '/graphql', {
			token: alice.token,
			body: { query: `mutation { delete_projects_item(id: "${bobProject.id}") { id } }` },
		});
		expect([400, 403]).toContain(mutation.status);
		const replies = await websocketReplies(controlPlane().url, alice.token, [
			{ type: 'subscribe', collection: 'projects', uid: 'projects' },
			{ type: 'items', action: 'read', collection: 'projects', uid: 'read' },
			{ type: 'items', action: 'delete', collection: 'projects', id: bobProject.id, uid: 'delete' },
		]);
		for (const uid of ['projects', 'read', 'delete']) {
			expect(replies.find((message) => message['uid'] === uid)?.['status'], uid).toBe('error');
		}
		expect(JSON.stringify(replies)).not.toContain(bobProject.id);

		// Bob's project is as it was, and its credentials never reached Alice, nor these routes at all.
		const row = await db('projects').where({ id: bobProject.id }).first();
		expect(row).toMatchObject({ owner: bob.id, name: bobProject.name });
		expect(row.admin_password).toMatch(/^bob-secret-/);
		const own = await api('GET', `/projects/${bobProject.id}`, { token: bob.token });
		expect(own.status).toBe(200);
		expect(JSON.stringify(own.body)).not.toContain(row.admin_password);
		expect(JSON.stringify(list.body)).not.toContain(row.admin_password);
		expect(JSON.stringify(replies)).not.toContain(row.admin_password);
	});

	it('creates nothing without a subscription that allows projects', async () => {
		const before = await allProjectRows();
		const none = expectRefusal(await createProject(carol, { name: 'Shop', subdomain: `carol-${tag()}` }), 402, 'SUBSCRIPTION_REQUIRED', 'no subscription');
		expect(none.message).toMatch(/subscription/i);
		const free = expectRefusal(await createProject(dave, { name: 'Shop', subdomain: `dave-${tag()}` }), 403, 'PROJECT_LIMIT_REACHED', 'free plan');
		expect(free.message).toMatch(/includes no projects/);
		// A subscription whose payment failed does not allow new projects either.
		const pastDue = await api('POST', '/items/user_subscriptions', { token: admin, body: { user: carol.id, plan: 'pro', status: 'past_due', period: 'monthly' } });
		expect(pastDue.status).toBe(200);
		expectRefusal(await createProject(carol, { name: 'Shop', subdomain: `carol-${tag()}` }), 402, 'SUBSCRIPTION_REQUIRED', 'past due');
		// Bob's starter plan allows one project, which he has.
		const full = expectRefusal(await createProject(bob, { name: 'Second', subdomain: `bob-${tag()}` }), 403, 'PROJECT_LIMIT_REACHED', 'starter full');
		expect(full.message).toMatch(/allows 1 project\b/);
		expect(await allProjectRows()).toEqual(before);
		expect((await api<Data<Project[]>>('GET', '/projects', { token: carol.token })).body.data).toEqual([]);
	});

	it('creates exactly one project from ten concurrent creations one below the limit', async () => {
		await created(erin, 'erin-one');
		await created(erin, 'erin-two');
		expect(await countProjectsOf(erin)).toBe(2);
		const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => createProject(erin, { name: `Race ${index}`, subdomain: `erin-race-${index}-${tag()}` })));
		const statuses = responses.map((response) => response.status).sort();
		expect(statuses, JSON.stringify(responses.map((response) => response.body))).toEqual([201, ...Array(9).fill(403)]);
		for (const response of responses.filter((entry) => entry.status === 403)) {
			expect(response.body.errors![0]!.extensions.code).toBe('PROJECT_LIMIT_REACHED');
		}
		expect(await countProjectsOf(erin)).toBe(3);
		const list = await api<{ data: Project[] }>('GET', '/projects', { token: erin.token });
		expect(list.body.data).toHaveLength(3);
	});

	it('makes ten concurrent creations of one subdomain yield one project', async () => {
		const subdomain = `same-${tag()}`;
		const responses = await Promise.all(Array.from({ length: 10 }, () => createProject(frank, { name: 'Same', subdomain })));
		const statuses = responses.map((response) => response.status).sort();
		expect(statuses, JSON.stringify(responses.map((response) => response.body))).toEqual([201, ...Array(9).fill(409)]);
		for (const response of responses.filter((entry) => entry.status === 409)) {
			expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'SUBDOMAIN_TAKEN', field: 'subdomain' });
		}
		expect(await countProjectsOf(frank)).toBe(1);
	});

	it('gives browser navigations to /projects/new the portal, and API clients the API', async () => {
		const page = await fetch(`${controlPlane().url}/projects/new`, { headers: { accept: 'text/html,application/xhtml+xml' } });
		expect(page.status).toBe(200);
		expect(await page.text()).toContain('<div id="root">');
		const apiAnswer = await api('GET', '/projects/new', { token: alice.token });
		expectRefusal(apiAnswer, 404, 'PROJECT_NOT_FOUND', 'api /projects/new');
		expect(apiAnswer.headers.get('content-type')).toContain('application/json');
		const list = await api('GET', '/projects', { headers: { accept: 'text/html' } });
		expect(list.status).toBe(401);
		expect(list.headers.get('content-type')).toContain('application/json');
	});
	it('per-account limits: the eleventh domain change and the eleventh creation in an hour are refused and change nothing', async () => {
		const gina = await registerVerifiedCustomer('gina-projects');
		await subscribeInSandbox(gina, 'pro');
		const project = await created(gina, 'gina');
		for (let change = 1; change <= 10; change += 1) {
			const changed = await api('PATCH', `/projects/${project.id}`, { token: gina.token, body: { domain: `gina-${change}-${tag()}.example.com` } });
			expect(changed.status, `domain change ${change}: ${JSON.stringify(changed.body)}`).toBe(200);
		}
		const before = await allProjectRowsOf(gina);
		const refused = await api('PATCH', `/projects/${project.id}`, { token: gina.token, body: { domain: `gina-11-${tag()}.example.com` } });
		const error = expectRefusal(refused, 429, 'ACTION_LIMIT_REACHED', 'eleventh domain change');
		expect(error.message).toMatch(/^You can change a project's domain at most 10 times an hour\. Please try again in \d+ minutes?\.$/);
		// A name change is no domain change: still allowed.
		expect((await api('PATCH', `/projects/${project.id}`, { token: gina.token, body: { name: 'Renamed' } })).status).toBe(200);
		expect((await allProjectRowsOf(gina)).map((row) => (row as { domain: string }).domain)).toEqual(before.map((row) => (row as { domain: string }).domain));

		// Create and delete in a loop: ten creations in the hour (the one above included), then no more.
		expect((await api('DELETE', `/projects/${project.id}`, { token: gina.token })).status).toBe(204);
		for (let creation = 2; creation <= 10; creation += 1) {
			const again = await created(gina, `gina-${creation}`);
			expect((await api('DELETE', `/projects/${again.id}`, { token: gina.token })).status, `delete ${creation}`).toBe(204);
		}
		expectRefusal(await createProject(gina, { name: 'One too many', subdomain: `gina-11-${tag()}` }), 429, 'ACTION_LIMIT_REACHED', 'eleventh creation');
		expect(await countProjectsOf(gina)).toBe(0);
	});
});
