/**
 * Tenant isolation on the core tier: a customer's token reads nothing of another tenant through any
 * Directus route (items, users, files, assets, GraphQL, websockets, activity, revisions), while the
 * platform's own endpoints answer for the owner only.
 */
import { randomBytes } from 'node:crypto';
import type { AccountProfile } from '@epic/platform-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { websocketReplies } from '../support/websocket.ts';

const TENANT_COLLECTIONS = [
	'projects',
	'user_subscriptions',
	'payment_profiles',
	'billing_events',
	'project_daily_requests',
	'sandbox_checkout_sessions',
	'sandbox_subscriptions',
	'sandbox_invoices',
];

let alice: TestCustomer;
let bob: TestCustomer;
let bobFileId: string;
let bobProjectId: string;
/** Bob's row in each tenant collection, by collection. */
const bobItems: Record<string, string> = {};

async function seed(admin: string, collection: string, body: Record<string, unknown>): Promise<string> {
	const created = await api<{ data?: { id?: string } }>('POST', `/items/${collection}`, { token: admin, body });
	expect(created.status, `${collection}: ${JSON.stringify(created.body)}`).toBe(200);
	const id = created.body.data?.id;
	expect(id, collection).toBeTruthy();
	bobItems[collection] = id!;
	return id!;
}

beforeAll(async () => {
	[alice, bob] = await Promise.all([registerVerifiedCustomer('alice'), registerVerifiedCustomer('bob')]);
	const admin = await adminToken();

	const profileId = await seed(admin, 'payment_profiles', {
		user: bob.id,
		provider: 'sandbox',
		stripe_customer_id: `cus_${bob.id.slice(0, 8)}`,
	});
	await seed(admin, 'user_subscriptions', { user: bob.id, plan: 'pro', payment_profile: profileId, status: 'active', period: 'monthly' });
	bobProjectId = await seed(admin, 'projects', {
		owner: bob.id,
		name: 'Bob site',
		subdomain: `bob-${bob.id.slice(0, 8)}`,
		admin_email: bob.email,
	});
	await seed(admin, 'billing_events', {
		id: `evt_${bob.id.slice(0, 8)}`,
		type: 'customer.subscription.updated',
		user: bob.id,
		payload: { customer: bob.id },
	});
	// Bob's site's requests, as the instance sync copies them for staff's dashboard.
	await seed(admin, 'project_daily_requests', { id: `2026-01-15_${bobProjectId}`, project: bobProjectId, day: '2026-01-15', requests: 42 });
	// The sandbox provider's own records of Bob's checkout, subscription and invoice.
	// A period that never falls due: the subscription-sync schedule renews a due sandbox subscription
	// every minute (adding a subscription and two billing events to Bob's row below), and other files
	// on this control plane move the sandbox's clock hundreds of days ahead.
	const period = { current_period_start: '2099-01-01T00:00:00Z', current_period_end: '2099-02-01T00:00:00Z' };
	await seed(admin, 'sandbox_checkout_sessions', {
		id: `cs_sbx_${bob.id}`,
		customer_id: `cus_${bob.id.slice(0, 8)}`,
		user: bob.id,
		plan: 'pro',
		period: 'monthly',
		amount_cents: 3900,
		status: 'complete',
		return_url: 'http://localhost/subscription/return',
		customer_email: bob.email,
	});
	await seed(admin, 'sandbox_subscriptions', { id: `sub_sbx_${bob.id}`, customer_id: `cus_${bob.id.slice(0, 8)}`, user: bob.id, plan: 'pro', ...period });
	await seed(admin, 'sandbox_invoices', {
		id: `in_sbx_${bob.id.slice(0, 8)}`,
		subscription_id: `sub_sbx_${bob.id}`,
		customer_id: `cus_${bob.id.slice(0, 8)}`,
		amount_cents: 3900,
		status: 'paid',
		period_start: period.current_period_start,
		period_end: period.current_period_end,
	});

	const form = new FormData();
	form.append('file', new Blob(['bob private notes'], { type: 'text/plain' }), 'bob.txt');
	const upload = await fetch(`${controlPlane().url}/files`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
	const uploaded = (await upload.json()) as { data?: { id?: string } };
	expect(upload.status, JSON.stringify(uploaded)).toBe(200);
	bobFileId = uploaded.data!.id!;
	const avatar = await api('PATCH', `/users/${bob.id}`, { token: admin, body: { avatar: bobFileId } });
	expect(avatar.status, JSON.stringify(avatar.body)).toBe(200);

	// Everything a customer is refused below is there, and readable by someone allowed to read it
	// (with the related rows, for Bob's id: the requests per day name his project only).
	for (const [collection, id] of Object.entries(bobItems)) {
		const read = await api('GET', `/items/${collection}/${id}?fields=*.*`, { token: admin });
		expect(read.status, collection).toBe(200);
		expect(JSON.stringify(read.body), collection).toContain(bob.id);
	}
	const bobRow = await api<Data<{ email: string; avatar: string | null; projects: { id: string }[]; subscriptions: { id: string }[]; billing_events: { id: string }[] }>>(
		'GET',
		`/users/${bob.id}?fields=email,avatar,projects.id,subscriptions.id,billing_events.id`,
		{ token: admin },
	);
	expect(bobRow.body.data).toEqual({
		email: bob.email,
		avatar: bobFileId,
		projects: [{ id: bobProjectId }],
		subscriptions: [{ id: bobItems['user_subscriptions'] }],
		billing_events: [{ id: bobItems['billing_events'] }],
	});
	const asset = await fetch(`${controlPlane().url}/assets/${bobFileId}`, { headers: { authorization: `Bearer ${admin}` } });
	expect(asset.status).toBe(200);
	expect(await asset.text()).toBe('bob private notes');
	const history = await api<{ data: unknown[] }>('GET', `/activity?filter[item][_eq]=${bobProjectId}`, { token: admin });
	expect(history.status).toBe(200);
	expect(history.body.data.length).toBeGreaterThan(0);
});

describe('a customer token', () => {
	it('reads no tenant collection through /items', async () => {
		for (const collection of TENANT_COLLECTIONS) {
			const list = await api('GET', `/items/${collection}`, { token: alice.token });
			expect(list.status, collection).toBe(403);
			const one = await api('GET', `/items/${collection}/${bobItems[collection]}`, { token: alice.token });
			expect(one.status, collection).toBe(403);
		}
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

		const admin = await adminToken();
		const stored = await api('GET', `/items/projects/${bobProjectId}?fields=name,owner`, { token: admin });
		expect(stored).toMatchObject({ status: 200, body: { data: { name: 'Bob site', owner: bob.id } } });
		const sneaky = await api('GET', '/items/projects?filter[subdomain][_eq]=alice-sneaky', { token: admin });
		expect(sneaky).toMatchObject({ status: 200, body: { data: [] } });
	});

	it('cannot list or read other users through /users', async () => {
		expect((await api('GET', '/users', { token: alice.token })).status).toBe(403);
		expect((await api('GET', `/users/${bob.id}`, { token: alice.token })).status).toBe(403);
		expect((await api('GET', '/users?filter[email][_eq]=' + bob.email, { token: alice.token })).status).toBe(403);
		// /users/me without a read permission answers with the caller's own id and nothing more.
		const me = await api<Data<{ id: string }>>('GET', '/users/me', { token: alice.token });
		expect(me).toMatchObject({ status: 200, body: { data: { id: alice.id } } });
		expect(Object.keys(me.body.data)).toEqual(['id']);
		// Nor through the user page's lists of projects, subscriptions and billing events (staff's, in Studio).
		for (const fields of ['projects.*,subscriptions.*,billing_events.*', '*.*']) {
			const related = await api<Data<{ id: string }>>('GET', `/users/me?fields=${fields}`, { token: alice.token });
			expect(related, fields).toMatchObject({ status: 200, body: { data: { id: alice.id } } });
			expect(Object.keys(related.body.data), fields).toEqual(['id']);
		}
		const bobsLists = await api('GET', `/users/${bob.id}?fields=projects.*,subscriptions.*,billing_events.*`, { token: alice.token });
		expect(bobsLists.status).toBe(403);
	});

	it('cannot change another user or raise its own role', async () => {
		const admin = await adminToken();
		const stored = async (id: string) =>
			(await api<Data<{ first_name: string | null; status: string; role: { name: string } | null }>>('GET', `/users/${id}?fields=first_name,status,role.name`, { token: admin }))
				.body.data;

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
		// Directus cuts each caller's GraphQL schema to its permissions: what it may not read is not there.
		const refusal = (field: string) => ({
			status: 400,
			body: { errors: [{ extensions: { code: 'GRAPHQL_VALIDATION', errors: [{ message: `Cannot query field "${field}" on type "Query".` }] } }] },
		});
		for (const collection of TENANT_COLLECTIONS) {
			const result = await api('POST', '/graphql', { token: alice.token, body: { query: `{ ${collection} { id } }` } });
			expect(result, collection).toMatchObject(refusal(collection));
		}
		for (const collection of ['users', 'files']) {
			const result = await api('POST', '/graphql/system', { token: alice.token, body: { query: `{ ${collection} { id } }` } });
			expect(result, collection).toMatchObject(refusal(collection));
		}
	});

	it("reads no tenant data through activity, revisions, shares, notifications, versions or staff's dashboards", async () => {
		for (const path of ['/activity', '/revisions', '/shares', '/notifications', '/versions', '/comments', '/dashboards', '/panels']) {
			const response = await api('GET', path, { token: alice.token });
			expect(response, path).toMatchObject({ status: 403, body: { errors: [{ extensions: { code: 'FORBIDDEN' } }] } });
		}
		const history = await api('GET', `/activity?filter[item][_eq]=${bobProjectId}`, { token: alice.token });
		expect(history.status).toBe(403);
	});

	it('receives no tenant data over the websocket API', async () => {
		const requests = [
			{ type: 'subscribe', collection: 'projects', uid: 'projects' },
			{ type: 'subscribe', collection: 'directus_users', uid: 'users' },
			{ type: 'items', action: 'read', collection: 'user_subscriptions', uid: 'subs' },
		];
		// The same requests with the admin's token get Bob's data: the socket would carry it.
		const asAdmin = await websocketReplies(controlPlane().url, await adminToken(), requests);
		for (const uid of ['projects', 'users', 'subs']) {
			const reply = asAdmin.find((message) => message['uid'] === uid);
			expect(reply, uid).toBeDefined();
			expect(reply!['status'], uid).not.toBe('error');
		}
		expect(JSON.stringify(asAdmin)).toContain(bobItems['user_subscriptions']);

		const replies = await websocketReplies(controlPlane().url, alice.token, requests);
		for (const uid of ['projects', 'users', 'subs']) {
			const reply = replies.find((message) => message['uid'] === uid);
			expect(reply?.['status'], uid).toBe('error');
		}
		expect(JSON.stringify(replies)).not.toContain(bob.email);
		expect(JSON.stringify(replies)).not.toContain(bobItems['user_subscriptions']);
	});

	it('reads only its own profile through the platform endpoint', async () => {
		const me = await api<Data<AccountProfile>>('GET', '/account/me', { token: alice.token });
		expect(me.status).toBe(200);
		expect(me.body.data).toMatchObject({ id: alice.id, email: alice.email, first_name: 'alice' });
		expect(JSON.stringify(me.body)).not.toContain(bob.email);
	});

	it('reads the plan catalogue through /stripe/plans only: active plans, public fields; the collection is refused', async () => {
		const admin = await adminToken();
		const hidden = `hidden-${randomBytes(3).toString('hex')}`;
		const made = await api('POST', '/items/subscription_plans', {
			token: admin,
			body: {
				id: hidden,
				name: 'Hidden',
				price_monthly: 1,
				price_quarterly: 3,
				price_yearly: 12,
				project_limit: 1,
				is_active: false,
				stripe_price_id_monthly: 'price_secret_hidden',
			},
		});
		expect(made.status, JSON.stringify(made.body)).toBe(200);
		try {
			const items = await api('GET', '/items/subscription_plans', { token: alice.token });
			expect(items.status).toBe(403);
			const graphql = await api<{ data?: unknown; errors?: unknown[] }>('POST', '/graphql', {
				token: alice.token,
				body: { query: '{ subscription_plans { id stripe_price_id_monthly } }' },
			});
			expect(graphql.body.data ?? null).toBeNull();
			expect(graphql.body.errors?.length).toBeGreaterThan(0);
			const catalogue = await api<{ data: { id: string }[] }>('GET', '/stripe/plans', { token: alice.token });
			expect(catalogue.status).toBe(200);
			expect(catalogue.body.data.map((plan) => plan.id)).toContain('pro');
			expect(JSON.stringify(catalogue.body)).not.toContain(hidden);
			expect(JSON.stringify(catalogue.body)).not.toContain('stripe_price_id');
		} finally {
			await api('DELETE', `/items/subscription_plans/${hidden}`, { token: admin });
		}
	});
});

describe('registration', () => {
	it('puts new customers into the API-only Customer role', async () => {
		const admin = await adminToken();
		const user = await api<Data<{ role: { name: string } }>>('GET', `/users/${alice.id}?fields=role.name,policies.policy.app_access`, { token: admin });
		expect(user.body.data.role.name).toBe('Customer');
		const policy = await api<Data<{ app_access: boolean; admin_access: boolean }[]>>('GET', '/policies?filter[name][_eq]=Customer&fields=app_access,admin_access', {
			token: admin,
		});
		expect(policy.body.data).toEqual([{ app_access: false, admin_access: false }]);
	});

	it('refuses a forged or reused verification token with a clear error', async () => {
		for (const body of [{ token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' }, { token: alice.verificationToken }, {}]) {
			const refused = await api<ApiError>('POST', '/account/verify-email', { body });
			expect(refused.status, JSON.stringify(body)).toBe(400);
			expect(refused.body.errors[0].extensions.code, JSON.stringify(body)).toBe('INVALID_VERIFICATION_LINK');
		}
	});

	it('does not let an unverified account log in', async () => {
		const email = `unverified-${Date.now()}@example.com`;
		const registered = await api('POST', '/users/register', { body: { email, password: 'long-enough-password' } });
		expect(registered.status).toBe(204);
		const admin = await adminToken();
		const stored = await api<Data<{ status: string }[]>>('GET', `/users?filter[email][_eq]=${encodeURIComponent(email)}&fields=status`, { token: admin });
		expect(stored.body.data).toEqual([{ status: 'unverified' }]);

		// The right password: told to verify first, and no tokens.
		const attempt = await api<ApiError & Partial<Data<unknown>>>('POST', '/auth/login', { body: { email, password: 'long-enough-password' } });
		expect(attempt.status).toBe(403);
		expect(attempt.body.errors[0].extensions.code).toBe('EMAIL_NOT_VERIFIED');
		expect(attempt.body.data).toBeUndefined();
		// A wrong password: the same answer as for any account, so nothing is told without the password.
		const guess = await api<ApiError>('POST', '/auth/login', { body: { email, password: 'not-the-password' } });
		expect(guess.status).toBe(401);
		expect(guess.body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
	});
});
