/**
 * The abuse limits with the product's defaults, on a control plane of this suite's own (the shared
 * one raises them for the other suites): registrations, sign-ins, reset requests and contact-form
 * messages per client address, and the lock of an address after repeated failed sign-ins, which answers the same for an
 * address with an account and one without. On PostgreSQL the counters live in Redis (`REDIS`), on
 * SQLite in memory: both stores are exercised.
 *
 * Every sign-in request of this file goes through `signIn` (registerVerifiedCustomer signs in once),
 * so the test knows exactly which request the per-address limit must refuse.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '@epic/local-platform/test-prerequisites';
import { adminToken, api, controlPlane, useOwnControlPlane, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { flushRedisDatabase } from '../support/redis.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';

const REDIS_DATABASE = 7;
const SIGN_IN_POINTS = 40;

let own: RunningTestControlPlane;
let known: TestCustomer;
let bystander: TestCustomer;
let signInRequests = 0;

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** The body is read only where the sign-in is refused: typed as the refusal. */
function signIn(email: string, password: string, headers: Record<string, string> = {}) {
	signInRequests += 1;
	return api<ApiError>('POST', '/auth/login', { body: { email, password }, headers });
}

/** As for `signIn`, the body is read only where the registration is refused. */
function register(email: string, headers: Record<string, string> = {}) {
	return api<ApiError>('POST', '/users/register', { body: { email, password: 'Limits-test-pass-1', verification_url: `${controlPlane().url}/verify-email` }, headers });
}

beforeAll(async () => {
	const db = controlPlane().db;
	if (db === 'pg') await flushRedisDatabase(REDIS_DATABASE);
	own = await bootTestControlPlane(db, {
		label: 'limits',
		env: {
			// The defaults, but for the sign-in limit, raised so this file's own sign-ins fit in it,
			// and a window that cannot end half-way through the file.
			RATE_LIMITER_REGISTRATION_POINTS: '5',
			RATE_LIMITER_PASSWORD_RESET_POINTS: '5',
			RATE_LIMITER_CONTACT_POINTS: '5',
			RATE_LIMITER_LOGIN_POINTS: String(SIGN_IN_POINTS),
			RATE_LIMITER_LOGIN_DURATION: '600',
			...(db === 'pg' ? { REDIS: `${TEST_REDIS_URL}/${REDIS_DATABASE}` } : {}),
		},
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	known = await registerVerifiedCustomer('known');
	bystander = await registerVerifiedCustomer('bystander');
	signInRequests += 2;
}, 180_000);

afterAll(async () => {
	await own?.stop();
});

describe('abuse limits', () => {
	it('refuses the sixth contact-form message from one address within the hour, and stores nothing', async () => {
		const message = (n: number) => ({ name: 'Burst Sender', email: uniqueEmail(`contact-${n}`), subject: `Message ${n}`, message: 'Hello there.' });
		for (let n = 1; n <= 5; n++) expect((await api('POST', '/contact', { body: message(n) })).status, `message ${n}`).toBe(201);
		const sixth = message(6);
		const refused = await api<ApiError>('POST', '/contact', { body: sixth });
		expect(refused.status).toBe(429);
		expect(refused.body.errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
		const admin = await adminToken();
		signInRequests += 1;
		const stored = await api<Data<unknown[]>>('GET', `/items/contact_messages?filter[email][_eq]=${encodeURIComponent(sixth.email)}`, { token: admin });
		expect(stored.status).toBe(200);
		expect(stored.body.data).toEqual([]);
	});

	it('refuses the sixth registration from one address within a minute, and creates nothing', async () => {
		// Two registrations made the customers above.
		for (let registration = 3; registration <= 5; registration++) {
			expect((await register(uniqueEmail('burst'))).status, `registration ${registration}`).toBe(204);
		}
		const sixth = uniqueEmail('sixth');
		const refused = await register(sixth);
		expect(refused.status).toBe(429);
		expect(refused.body.errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
		// Claiming another address does not help: no proxy is trusted.
		expect((await register(uniqueEmail('spoofed'), { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
		const admin = await adminToken();
		signInRequests += 1;
		const stored = await api<Data<unknown[]>>('GET', `/users?filter[email][_eq]=${encodeURIComponent(sixth)}`, { token: admin });
		expect(stored.body.data).toEqual([]);
	});

	it('locks an address after five failed sign-ins, the same for an address without an account', async () => {
		const unknown = uniqueEmail('nobody');
		for (let attempt = 1; attempt <= 5; attempt++) {
			for (const email of [known.email, unknown]) {
				const failed = await signIn(email, 'wrong-password-guess');
				expect(failed.status, `${email} attempt ${attempt}`).toBe(401);
				expect(failed.body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
			}
		}
		const lockedKnown = await signIn(known.email, known.password);
		const lockedUnknown = await signIn(unknown, 'wrong-password-guess');
		expect(lockedKnown.status).toBe(429);
		expect(lockedKnown.body).toEqual({
			errors: [{ message: 'Too many failed sign-in attempts. Try again in 15 minutes.', extensions: { code: 'ACCOUNT_LOCKED', minutes: 15 } }],
		});
		expect(lockedUnknown.body).toEqual(lockedKnown.body);
		// The lock is the address's, not the caller's: another account signs in.
		expect((await signIn(bystander.email, bystander.password)).status).toBe(200);
	});

	it('refuses sign-ins from one address past the limit', async () => {
		while (signInRequests < SIGN_IN_POINTS) {
			const within = await signIn(uniqueEmail('spray'), 'wrong-password-guess');
			expect(within.status, `sign-in request ${signInRequests}`).toBe(401);
		}
		const refused = await signIn(bystander.email, bystander.password);
		expect(refused.status).toBe(429);
		expect(refused.body.errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		expect((await signIn(bystander.email, bystander.password, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
	});

	it('refuses the sixth password-reset request from one address', async () => {
		for (let request = 1; request <= 5; request++) {
			const answered = await api('POST', '/auth/password/request', { body: { email: uniqueEmail('reset') } });
			expect(answered.status, `request ${request}`).toBe(204);
		}
		const refused = await api<ApiError>('POST', '/auth/password/request', { body: { email: known.email } });
		expect(refused.status).toBe(429);
		expect(refused.body.errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
	});
});
