/**
 * The account guards hold on every path Directus offers to the same operation, not only on the
 * REST routes (docs/access-model.md, Attacks closed, and the test that stops each): the sign-in lock on GraphQL's `auth_login` and the
 * websocket `auth` message, the reset emails per recipient whatever asked for them, and the
 * staff-only tools offered again as GraphQL mutations.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane } from '../support/api.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { emailsTo, waitForEmail } from '../support/mailbox.ts';
import { websocketSignIn } from '../support/websocket.ts';

const LOCK_ATTEMPTS = 5;

type GraphqlAnswer = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };

function graphqlSystem(query: string, variables: Record<string, unknown> = {}, token?: string) {
	return api<GraphqlAnswer>('POST', '/graphql/system', { body: { query, variables }, token });
}

const AUTH_LOGIN = 'mutation SignIn($email: String!, $password: String!) { auth_login(email: $email, password: $password) { access_token } }';

async function failRestSignIns(email: string, times: number): Promise<void> {
	for (let attempt = 1; attempt <= times; attempt++) {
		const failed = await api('POST', '/auth/login', { body: { email, password: 'wrong-password-guess' } });
		expect(failed.status, `failed sign-in ${attempt}`).toBe(401);
	}
}

describe('the sign-in lock on every path', () => {
	it('an unlocked account signs in through GraphQL and the websocket: both paths work', async () => {
		const customer = await registerVerifiedCustomer('paths-open');
		const graphql = await graphqlSystem(AUTH_LOGIN, { email: customer.email, password: customer.password });
		expect(graphql.status).toBe(200);
		expect((graphql.body.data?.['auth_login'] as { access_token: string }).access_token.length).toBeGreaterThan(20);
		expect(await websocketSignIn(controlPlane().url, customer.email, customer.password)).toMatchObject({ type: 'auth', status: 'ok' });
	});

	it('a locked account signs in through no path: REST, GraphQL auth_login, websocket auth', async () => {
		const customer = await registerVerifiedCustomer('paths-locked');
		await failRestSignIns(customer.email, LOCK_ATTEMPTS);

		const rest = await api<GraphqlAnswer>('POST', '/auth/login', { body: { email: customer.email, password: customer.password } });
		expect(rest.status).toBe(429);
		expect(rest.body.errors?.[0]?.extensions?.code).toBe('ACCOUNT_LOCKED');

		const graphql = await graphqlSystem(AUTH_LOGIN, { email: customer.email, password: customer.password });
		expect(graphql.body.data?.['auth_login'] ?? null).toBeNull();
		// The answer an address without an account gets: a lock seen here would tell which exist.
		expect(graphql.body.errors?.map((error) => error.extensions?.code)).toEqual(['INVALID_CREDENTIALS']);
		const unknown = await graphqlSystem(AUTH_LOGIN, { email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'whatever-it-is' });
		expect(unknown.body).toEqual(graphql.body);

		// Directus's websocket answers every failed sign-in alike.
		const socket = await websocketSignIn(controlPlane().url, customer.email, customer.password);
		expect(socket).toMatchObject({ type: 'auth', status: 'error', error: { code: 'AUTH_FAILED' } });
	});

	it('failed sign-ins through GraphQL and the websocket count towards the lock', async () => {
		const customer = await registerVerifiedCustomer('paths-count');
		for (let attempt = 1; attempt <= 3; attempt++) {
			const failed = await graphqlSystem(AUTH_LOGIN, { email: customer.email, password: `guess-${attempt}` });
			expect(failed.body.errors?.[0]?.extensions?.code, `GraphQL guess ${attempt}`).toBe('INVALID_CREDENTIALS');
		}
		for (let attempt = 1; attempt <= LOCK_ATTEMPTS - 3; attempt++) {
			const failed = await websocketSignIn(controlPlane().url, customer.email, `socket-guess-${attempt}`);
			expect(failed, `websocket guess ${attempt}`).toMatchObject({ status: 'error', error: { code: 'AUTH_FAILED' } });
		}
		const rest = await api<GraphqlAnswer>('POST', '/auth/login', { body: { email: customer.email, password: customer.password } });
		expect(rest.status).toBe(429);
		expect(rest.body.errors?.[0]?.extensions?.code).toBe('ACCOUNT_LOCKED');
	});
});

describe('reset emails per recipient', () => {
	it('ten reset requests through GraphQL and REST send five emails to one address', async () => {
		const customer = await registerVerifiedCustomer('reset-bomb');
		const request = 'mutation Reset($email: String!) { auth_password_request(email: $email) }';
		for (let attempt = 1; attempt <= 8; attempt++) {
			const asked = await graphqlSystem(request, { email: customer.email });
			expect(asked.body, `GraphQL request ${attempt}`).toEqual({ data: { auth_password_request: true } });
		}
		for (let attempt = 1; attempt <= 2; attempt++) {
			const asked = await api('POST', '/auth/password/request', { body: { email: customer.email } });
			expect(asked.status, `REST request ${attempt}`).toBe(204);
		}
		// A reset for another address, asked last: once its email is in, the ten before it were handled.
		const marker = await registerVerifiedCustomer('reset-marker');
		expect((await api('POST', '/auth/password/request', { body: { email: marker.email } })).status).toBe(204);
		await waitForEmail(marker.email, /reset|restablec|сброс/i);

		const resets = (await emailsTo(customer.email)).filter((email) => /reset|restablec|сброс/i.test(email.subject));
		expect(resets).toHaveLength(5);
	});
});

describe('staff-only tools through GraphQL', () => {
	it('a customer cannot set up two-factor sign-in or run the utilities through /graphql/system; staff can', async () => {
		const customer = await registerVerifiedCustomer('graphql-tools');
		const tfa = await graphqlSystem('mutation { users_me_tfa_generate(password: $p) { secret } }'.replace('$p', JSON.stringify(customer.password)), {}, customer.token);
		expect(tfa.status).toBe(403);
		expect(tfa.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
		const aliased = await graphqlSystem('mutation { text: utils_random_string(length: 8) }', {}, customer.token);
		expect(aliased.status).toBe(403);

		const staff = await graphqlSystem('mutation { text: utils_random_string(length: 8) }', {}, await adminToken());
		expect(staff.status, JSON.stringify(staff.body)).toBe(200);
		expect(String(staff.body.data?.['text'])).toHaveLength(8);
	});
});
