/**
 * The benchmark's client of a control plane, speaking its HTTP API as the portal does: JSON
 * requests with a bearer token, sign-in, and a customer made by the admin and subscribed through
 * the sandbox checkout (the benchmarks run without the tests' mailbox helpers, which need vitest).
 */
import { randomBytes } from 'node:crypto';

/** The customer role the migrations create (migrations/20990101B-customer-access.mjs). */
const CUSTOMER_ROLE_ID = '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a41';

export interface ApiAnswer<T = any> {
	status: number;
	body: T;
}

export async function request<T = any>(baseUrl: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<ApiAnswer<T>> {
	const headers: Record<string, string> = {};
	if (options.token) headers['authorization'] = `Bearer ${options.token}`;
	if (options.body !== undefined) headers['content-type'] = 'application/json';
	const response = await fetch(`${baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Fails with the answer when its status is not the expected one. */
export function expectStatus<T>(answer: ApiAnswer<T>, status: number, what: string): ApiAnswer<T> {
	if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
	return answer;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
	const answer = expectStatus(await request(baseUrl, 'POST', '/auth/login', { body: { email, password } }), 200, `signing in ${email}`);
	return answer.body.data.access_token as string;
}

export interface BenchCustomer {
	id: string;
	email: string;
	password: string;
	token: string;
}

/** An active customer with a paid subscription to `planId`, signed in. */
export async function subscribedCustomer(baseUrl: string, adminToken: string, planId: string): Promise<BenchCustomer> {
	const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
	const password = `Bench-pass-${randomBytes(8).toString('hex')}`;
	const created = expectStatus(
		await request(baseUrl, 'POST', '/users', { token: adminToken, body: { email, password, role: CUSTOMER_ROLE_ID, status: 'active', first_name: 'Bench' } }),
		200,
		'creating the customer',
	);
	const token = await signIn(baseUrl, email, password);
	const checkout = expectStatus(
		await request(baseUrl, 'POST', '/stripe/create-checkout-session', { token, body: { plan_id: planId, period: 'monthly', ui_mode: 'embedded' } }),
		200,
		'opening the checkout',
	);
	expectStatus(
		await request(baseUrl, 'POST', '/stripe/sandbox/confirm', {
			token,
			body: { session_id: checkout.body.data.id, card_number: '4242424242424242', expiry: '12/34', cvc: '123', cardholder: 'Bench Customer', email },
		}),
		200,
		'paying the checkout',
	);
	return { id: created.body.data.id as string, email, password, token };
}
