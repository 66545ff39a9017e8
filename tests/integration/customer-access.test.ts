/**
 * Tenant isolation on the core tier: a customer's token reads nothing of another tenant through any
 * Directus route (items, users, files, assets, GraphQL, websockets, activity, revisions), while the
 * platform's own endpoints answer for the owner only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { websocketReplies } from '../support/websocket.ts';

const TENANT_COLLECTIONS = ['projects', 'user_subscriptions', 'payment_profiles', 'billing_events'];

let alice: TestCustomer;
let bob: TestCustomer;
let bobFileId: string;
let bobProjectId: string;

beforeAll(async () => {
	[alice, bob] = await Promise.all([registerVerifiedCustomer('alice'), registerVerifiedCustomer('bob')]);
	const admin = await adminToken();

	const profile = await api('POST', '/items/payment_profiles', {
		token: admin,
		body: { user: bob.id, provider: 'sandbox', stripe_customer_id: `cus_${bob.id.slice(0, 8)}` },
	});
	await api('POST', '/items/user_subscriptions', {
		token: admin,
		body: { user: bob.id, plan: 'pro', payment_profile: profile.body.data.id, status: 'active', period: 'monthly' },
	});
	const project = await api('POST', '/items/projects', {
		token: admin,
		body: { owner: bob.id, name: 'Bob site', subdomain: `bob-${bob.id.slice(0, 8)}`, admin_email: bob.email },
	});
	bobProjectId = project.body.data.id;
	await api('POST', '/items/billing_events', {
		token: admin,
		body: { id: `evt_${bob.id.slice(0, 8)}`, type: 'customer.subscription.updated', payload: { customer: bob.id } },
	});

	const form = new FormData();
	form.append('file', new Blob(['bob private notes'], { type: 'text/plain' }), 'bob.txt');
	const upload = await fetch(`${controlPlane().url}/files`, {
		method: 'POST',
		headers: { authorization: `Bearer ${admin}` },
		body: form,
	});
	bobFileId = ((await upload.json()) as { data: { id: string } }).data.id;
	await api('PATCH', `/users/${bob.id}`, { token: admin, body: { avatar: bobFileId } });
});

describe('a customer token', () => {
	it('reads no tenant collection through /items', async () => {
		for (const collection of TENANT_COLLECTIONS) {
			const list = await api('GET', `/items/${collection}`, { token: alice.token });
			expect(list.status, collection).toBe(403);
		}
		const one = await api('GET', `/items/projects/${bobProjectId}`, { token: alice.token });
		expect(one.status).toBe(403);
	});

	it('cannot write tenant collections through /items', async () => {
		const create = await api('POST', '/items/projects', {
			token: alice.token,
			body: { owner: alice.id, name: 'x', subdomain: 'alice-sneaky' },
		});
		expect(create.status).toBe(403);
		const update = await api('PATCH', `/items/projects/${bobProjectId}`, { token: alice.token, body: { name: 'mine' } });
		expect(update.status).toBe(403);
		const remove = await api('DELETE', `/items/projects/${bobProjectId}`, { token: alice.token });
		expect(remove.status).toBe(403);
	});

	it('cannot list or read other users through /users', async () => {
		expect((await api('GET', '/users', { token: alice.token })).status).toBe(403);
		expect((await api('GET', `/users/${bob.id}`, { token: alice.token })).status).toBe(403);
		expect((await api('GET', '/users?filter[email][_eq]=' + bob.email, { token: alice.token })).status).toBe(403);
		// /users/me without a read permission answers with the caller's own id and nothing more.
		const me = await api('GET', '/users/me', { token: alice.token });
		expect(JSON.stringify(me.body)).not.toContain(bob.email);
	});

	it('cannot change another user or raise its own role', async () => {
		const admin = await adminToken();
		const stored = async (id: string) =>
			(await api('GET', `/users/${id}?fields=first_name,status,role.name`, { token: admin })).body.data;

		expect((await api('PATCH', `/users/${bob.id}`, { token: alice.token, body: { first_name: 'x' } })).status).toBe(403);
		expect((await stored(bob.id)).first_name).toBe('bob');

		// Customers hold no update permission on their own row either (migration 20990101D).
		for (const body of [{ role: null, status: 'active', first_name: 'Eve' }, { first_name: 'Alicia' }]) {
			expect((await api('PATCH', '/users/me', { token: alice.token, body })).status, JSON.stringify(body)).toBe(403);
		}
		expect(await stored(alice.id)).toMatchObject({ first_name: 'alice', role: { name: 'Customer' } });
	});

	it('reads no files through /files or /assets', async () => {
		expect((await api('GET', '/files', { token: alice.token })).status).toBe(403);
		expect((await api('GET', `/files/${bobFileId}`, { token: alice.token })).status).toBe(403);
		expect((await api('GET', `/assets/${bobFileId}`, { token: alice.token })).status).toBe(403);
		expect((await api('GET', `/assets/${bobFileId}`)).status).toBe(403);
	});

	it('reads no tenant data through /graphql or /graphql/system', async () => {
		for (const query of ['{ projects { id name } }', '{ user_subscriptions { id status } }', '{ payment_profiles { id } }']) {
			const result = await api('POST', '/graphql', { token: alice.token, body: { query } });
			expect(JSON.stringify(result.body), query).not.toContain('Bob site');
			expect((result.body as { errors?: unknown[] }).errors?.length, query).toBeGreaterThan(0);
		}
		const users = await api('POST', '/graphql/system', { token: alice.token, body: { query: '{ users { id email } }' } });
		expect(JSON.stringify(users.body)).not.toContain(bob.email);
		expect((users.body as { errors?: unknown[] }).errors?.length).toBeGreaterThan(0);
		const files = await api('POST', '/graphql/system', { token: alice.token, body: { query: '{ files { id } }' } });
		expect(JSON.stringify(files.body)).not.toContain(bobFileId);
	});

	it('reads no tenant data through activity, revisions, shares, notifications or versions', async () => {
		for (const path of ['/activity', '/revisions', '/shares', '/notifications', '/versions', '/comments']) {
			const response = await api('GET', path, { token: alice.token });
			const leaked = JSON.stringify(response.body);
			expect(leaked, path).not.toContain(bobProjectId);
			expect(leaked, path).not.toContain(bob.email);
			if (response.status === 200) expect((response.body as { data: unknown[] }).data, path).toEqual([]);
			else expect(response.status, path).toBe(403);
		}
	});

	it('receives no tenant data over the websocket API', async () => {
		const replies = await websocketReplies(controlPlane().url, alice.token, [
			{ type: 'subscribe', collection: 'projects', uid: 'projects' },
			{ type: 'subscribe', collection: 'directus_users', uid: 'users' },
			{ type: 'items', action: 'read', collection: 'user_subscriptions', uid: 'subs' },
		]);
		for (const uid of ['projects', 'users', 'subs']) {
			const reply = replies.find((message) => message['uid'] === uid);
			expect(reply?.['status'], uid).toBe('error');
		}
		expect(JSON.stringify(replies)).not.toContain(bob.email);
	});

	it('reads only its own profile through the platform endpoint', async () => {
		const me = await api<{ data: { id: string; email: string } }>('GET', '/account/me', { token: alice.token });
		expect(me.status).toBe(200);
		expect(me.body.data).toMatchObject({ id: alice.id, email: alice.email, first_name: 'alice' });
		expect(JSON.stringify(me.body)).not.toContain(bob.email);
	});

	it('may read the plan catalogue, which is the same for everyone', async () => {
		const plans = await api<{ data: { id: string }[] }>('GET', '/items/subscription_plans', { token: alice.token });
		expect(plans.status).toBe(200);
		expect(plans.body.data.map((plan) => plan.id)).toContain('pro');
	});
});

describe('registration', () => {
	it('puts new customers into the API-only Customer role', async () => {
		const admin = await adminToken();
		const user = await api('GET', `/users/${alice.id}?fields=role.name,policies.policy.app_access`, { token: admin });
		expect(user.body.data.role.name).toBe('Customer');
		const policy = await api('GET', '/policies?filter[name][_eq]=Customer&fields=app_access,admin_access', { token: admin });
		expect(policy.body.data).toEqual([{ app_access: false, admin_access: false }]);
	});

	it('refuses a forged or reused verification token with a clear error', async () => {
		const forged = await api('POST', '/account/verify-email', { body: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' } });
		expect(forged.status).toBe(400);
		expect(forged.body.errors[0].message).toMatch(/invalid or has expired/);
		const empty = await api('POST', '/account/verify-email', { body: {} });
		expect(empty.status).toBe(400);
	});

	it('does not let an unverified account log in', async () => {
		const email = `unverified-${Date.now()}@example.com`;
		await api('POST', '/users/register', { body: { email, password: 'long-enough-password' } });
		const attempt = await api('POST', '/auth/login', { body: { email, password: 'long-enough-password' } });
		expect(attempt.status).toBe(401);
	});
});
