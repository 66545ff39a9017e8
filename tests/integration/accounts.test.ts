/**
 * The account against a real control plane: our own emails in the user's language, the password
 * policy on every way a password is set, registration and reset answers that say nothing about
 * which addresses exist, the reset token's single use and expiry, refresh after logout, the
 * profile, password and email changes, and `/utils` closed to customers.
 */
import { randomBytes } from 'node:crypto';
import type { AccountProfile } from '@epic/platform-api';
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, login, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { emailsTo, linkIn, waitForEmail } from '../support/mailbox.ts';

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;
const verificationUrl = () => `${controlPlane().url}/verify-email`;
const resetUrl = () => `${controlPlane().url}/reset-password`;

async function userRow(admin: string, email: string): Promise<Record<string, unknown>[]> {
	const found = await api<{ data: Record<string, unknown>[] }>('GET', `/users?filter[email][_eq]=${encodeURIComponent(email)}&fields=id,status,language,email`, {
		token: admin,
	});
	expect(found.status).toBe(200);
	return found.body.data;
}

/** Status, body and the headers a client could tell two answers apart by. */
async function timedAnswer(method: string, path: string, body: unknown) {
	const started = performance.now();
	const response = await api(method, path, { body });
	const ms = performance.now() - started;
	return { ms, status: response.status, body: response.body, contentType: response.headers.get('content-type'), length: response.headers.get('content-length') };
}

let admin: string;

beforeAll(async () => {
	admin = await adminToken();
});

describe('emails', () => {
	it('sends our verification email in the language chosen at registration, and stores that language', async () => {
		const email = uniqueEmail('ru-reg');
		const registered = await api('POST', '/users/register', {
			body: { email, password: 'Sibirskiy-kot-42', first_name: 'Иван', verification_url: verificationUrl(), language: 'ru' },
		});
		expect(registered.status).toBe(204);
		const sent = await waitForEmail(email, /./);
		expect(sent.subject).toBe('Подтвердите адрес электронной почты для Epic CMS');
		expect(sent.text).toContain('Добро пожаловать в Epic CMS!');
		expect(sent.html).toContain('Epic CMS');
		expect(sent.html).not.toMatch(/directus/i);
		expect(linkIn(sent, verificationUrl()).searchParams.get('token')).toBeTruthy();
		expect(await userRow(admin, email)).toEqual([expect.objectContaining({ status: 'unverified', language: 'ru' })]);
	});

	it('writes English when no language was chosen', async () => {
		const email = uniqueEmail('en-reg');
		expect((await api('POST', '/users/register', { body: { email, password: 'Plum-otter-2024', verification_url: verificationUrl() } })).status).toBe(204);
		const sent = await waitForEmail(email, /./);
		expect(sent.subject).toBe('Verify your email address for Epic CMS');
		expect(sent.text).toContain('Verify email address: ');
		expect(await userRow(admin, email)).toEqual([expect.objectContaining({ language: null })]);
	});

	it('refuses a language it does not write, and creates nothing', async () => {
		const email = uniqueEmail('de-reg');
		const refused = await api<ApiError>('POST', '/users/register', { body: { email, password: 'Plum-otter-2024', verification_url: verificationUrl(), language: 'de' } });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].message).toContain('language: must be one of en, es, ru');
		expect(await userRow(admin, email)).toEqual([]);
	});

	it('sends the password-reset email in the user language with a link to the portal', async () => {
		const carmen = await registerVerifiedCustomer('carmen', { language: 'es' });
		expect((await api('POST', '/auth/password/request', { body: { email: carmen.email, reset_url: resetUrl() } })).status).toBe(204);
		const sent = await waitForEmail(carmen.email, /contraseña/);
		expect(sent.subject).toBe('Restablece tu contraseña de Epic CMS');
		expect(sent.text).toContain('Elegir una nueva contraseña: ');
		expect(linkIn(sent, resetUrl()).searchParams.get('token')).toBeTruthy();
	});
});

describe('password policy', () => {
	it.each([
		['abc', 'PASSWORD_TOO_SHORT', 'Password must be at least 8 characters long.'],
		['baseball', 'PASSWORD_TOO_COMMON', 'This password is one of the most common passwords. Please choose another.'],
		['Password1', 'PASSWORD_TOO_COMMON', 'This password is one of the most common passwords. Please choose another.'],
	])('refuses %s at registration with a clear message and creates nothing', async (password, code, message) => {
		const email = uniqueEmail('weak');
		const refused = await api<ApiError>('POST', '/users/register', { body: { email, password, verification_url: verificationUrl() } });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0]).toEqual({ message, extensions: expect.objectContaining({ code }) });
		expect(await userRow(admin, email)).toEqual([]);
	});

	it('holds for a password reset and for a password change too', async () => {
		const dora = await registerVerifiedCustomer('dora');
		await api('POST', '/auth/password/request', { body: { email: dora.email, reset_url: resetUrl() } });
		const token = linkIn(await waitForEmail(dora.email, /reset/i), resetUrl()).searchParams.get('token');
		const reset = await api<ApiError>('POST', '/auth/password/reset', { body: { token, password: 'iloveyou' } });
		expect(reset.status).toBe(400);
		expect(reset.body.errors[0].extensions.code).toBe('PASSWORD_TOO_COMMON');

		const change = await api<ApiError>('POST', '/account/password', { token: dora.token, body: { current_password: dora.password, new_password: 'short' } });
		expect(change.status).toBe(400);
		expect(change.body.errors[0].extensions.code).toBe('PASSWORD_TOO_SHORT');
		// Neither changed the password.
		expect(await login(dora.email, dora.password)).toBeTruthy();
	});
});

describe('answers that do not tell which addresses exist', () => {
	it('answers a registration of a taken address exactly like a new one', async () => {
		const taken = await registerVerifiedCustomer('taken');
		const forTaken = await timedAnswer('POST', '/users/register', { email: taken.email, password: 'Another-pass-77', verification_url: verificationUrl() });
		const forNew = await timedAnswer('POST', '/users/register', { email: uniqueEmail('fresh'), password: 'Another-pass-77', verification_url: verificationUrl() });
		expect({ ...forTaken, ms: 0 }).toEqual({ ...forNew, ms: 0 });
		expect(forTaken.status).toBe(204);
		// Both wait out Directus's registration stall (750 ms), so the time does not depend on the
		// work done (hashing a new password) as long as that work is shorter: bench/account-timing.ts
		// measures the two distributions.
		expect(forTaken.ms).toBeGreaterThanOrEqual(740);
		expect(forNew.ms).toBeGreaterThanOrEqual(740);
		// The taken account's password is unchanged.
		expect(await login(taken.email, taken.password)).toBeTruthy();
	});

	it('answers a reset request for an unknown address exactly like one for a known address', async () => {
		const known = await registerVerifiedCustomer('known');
		const unknown = uniqueEmail('nobody');
		const forKnown = await timedAnswer('POST', '/auth/password/request', { email: known.email, reset_url: resetUrl() });
		const forUnknown = await timedAnswer('POST', '/auth/password/request', { email: unknown, reset_url: resetUrl() });
		expect({ ...forUnknown, ms: 0 }).toEqual({ ...forKnown, ms: 0 });
		expect(forKnown.status).toBe(204);
		expect(forKnown.ms).toBeGreaterThanOrEqual(490);
		expect(forUnknown.ms).toBeGreaterThanOrEqual(490);
		await waitForEmail(known.email, /reset/i);
		expect(await emailsTo(unknown)).toEqual([]);
	});
});

describe('password reset tokens', () => {
	let erin: TestCustomer;
	let token: string;

	beforeAll(async () => {
		erin = await registerVerifiedCustomer('erin');
		await api('POST', '/auth/password/request', { body: { email: erin.email, reset_url: resetUrl() } });
		token = linkIn(await waitForEmail(erin.email, /reset/i), resetUrl()).searchParams.get('token')!;
	});

	it('works once and is refused when used again', async () => {
		expect((await api('POST', '/auth/password/reset', { body: { token, password: 'Fresh-pass-2026' } })).status).toBe(204);
		expect(await login(erin.email, 'Fresh-pass-2026')).toBeTruthy();
		const again = await api('POST', '/auth/password/reset', { body: { token, password: 'Other-pass-2026' } });
		expect(again.status).toBe(403);
		expect(await login(erin.email, 'Fresh-pass-2026')).toBeTruthy();
	});

	it('is refused once expired', async () => {
		// A token as Directus issues it, signed with the control plane's secret, that expired a minute ago.
		const expired = jwt.sign({ email: erin.email, scope: 'password-reset', hash: 'any', exp: Math.floor(Date.now() / 1000) - 60 }, controlPlane().env['SECRET']!, {
			issuer: 'directus',
		});
		const refused = await api<ApiError>('POST', '/auth/password/reset', { body: { token: expired, password: 'Expired-pass-2026' } });
		expect(refused.status).toBe(401);
		expect(refused.body.errors[0].extensions.code).toBe('TOKEN_EXPIRED');
		expect(await login(erin.email, 'Fresh-pass-2026')).toBeTruthy();
	});
});

describe('sessions', () => {
	it('refuses a refresh token used after logout', async () => {
		const frank = await registerVerifiedCustomer('frank');
		const signedIn = await api<{ data: { refresh_token: string } }>('POST', '/auth/login', { body: { email: frank.email, password: frank.password } });
		const current = signedIn.body.data.refresh_token;
		expect((await api('POST', '/auth/logout', { body: { refresh_token: current, mode: 'json' } })).status).toBe(204);
		const afterLogout = await api<ApiError>('POST', '/auth/refresh', { body: { refresh_token: current, mode: 'json' } });
		expect(afterLogout.status).toBe(401);
		expect(afterLogout.body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
	});
});

describe('profile', () => {
	let gina: TestCustomer;

	beforeAll(async () => {
		gina = await registerVerifiedCustomer('gina', { language: 'en' });
	});

	it('reads and changes the own name and language', async () => {
		const me = await api<Data<AccountProfile>>('GET', '/account/me', { token: gina.token });
		expect(me.body.data).toEqual({ id: gina.id, email: gina.email, first_name: 'gina', last_name: 'Customer', language: 'en', avatar: null, status: 'active' });
		const changed = await api<Data<AccountProfile>>('PATCH', '/account/me', { token: gina.token, body: { first_name: ' Georgina ', last_name: 'Smith', language: 'es' } });
		expect(changed.status).toBe(200);
		expect(changed.body.data).toEqual(expect.objectContaining({ first_name: 'Georgina', last_name: 'Smith', language: 'es' }));
		expect((await userRow(admin, gina.email))[0]).toEqual(expect.objectContaining({ language: 'es' }));
	});

	it.each([
		[{ email: 'elsewhere@example.com' }, 'email'],
		[{ avatar: '00000000-0000-0000-0000-000000000000' }, 'avatar'],
		[{ role: null }, 'role'],
		[{ id: 'someone-else' }, 'id'],
		[{ language: 'de' }, 'language'],
		[{ first_name: 'x'.repeat(51) }, 'first_name'],
		[{}, 'nothing to change'],
	])('refuses %j with a clear error and changes nothing', async (body, named) => {
		const before = await api('GET', '/account/me', { token: gina.token });
		const refused = await api<ApiError>('PATCH', '/account/me', { token: gina.token, body });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
		expect(refused.body.errors[0].message).toContain(named);
		expect((await api('GET', '/account/me', { token: gina.token })).body).toEqual(before.body);
	});

	it('needs a signed-in user', async () => {
		for (const [method, path] of [
			['GET', '/account/me'],
			['PATCH', '/account/me'],
			['DELETE', '/account/me'],
			['POST', '/account/password'],
			['POST', '/account/email'],
		] as const) {
			const refused = await api<ApiError>(method, path, method === 'GET' ? {} : { body: {} });
			expect(refused.status, `${method} ${path}`).toBe(401);
			expect(refused.body.errors[0].extensions.code, `${method} ${path}`).toBe('NOT_AUTHENTICATED');
		}
	});
});

describe('password change', () => {
	it('checks the current password, sets the new one and ends every session', async () => {
		const hugo = await registerVerifiedCustomer('hugo');
		const session = await api<{ data: { refresh_token: string } }>('POST', '/auth/login', { body: { email: hugo.email, password: hugo.password } });

		const wrong = await api<ApiError>('POST', '/account/password', { token: hugo.token, body: { current_password: 'not-it-at-all', new_password: 'Brand-new-pass-1' } });
		expect(wrong.status).toBe(400);
		expect(wrong.body.errors[0]).toEqual({ message: 'The current password is incorrect.', extensions: { code: 'WRONG_PASSWORD' } });

		const changed = await api('POST', '/account/password', { token: hugo.token, body: { current_password: hugo.password, new_password: 'Brand-new-pass-1' } });
		expect(changed.status).toBe(204);
		expect((await api('POST', '/auth/login', { body: { email: hugo.email, password: hugo.password } })).status).toBe(401);
		expect(await login(hugo.email, 'Brand-new-pass-1')).toBeTruthy();
		expect((await api('POST', '/auth/refresh', { body: { refresh_token: session.body.data.refresh_token, mode: 'json' } })).status).toBe(401);
	});
});

describe('email change', () => {
	let ines: TestCustomer;
	let owner: TestCustomer;

	beforeAll(async () => {
		ines = await registerVerifiedCustomer('ines', { language: 'es' });
		owner = await registerVerifiedCustomer('owner');
	});

	it('needs the password', async () => {
		const refused = await api<ApiError>('POST', '/account/email', { token: ines.token, body: { email: uniqueEmail('new'), password: 'wrong-password' } });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].extensions.code).toBe('WRONG_PASSWORD');
	});

	it('answers a taken address exactly like a free one, and mails its owner instead', async () => {
		const free = uniqueEmail('free');
		const forTaken = await api('POST', '/account/email', { token: ines.token, body: { email: owner.email, password: ines.password } });
		const forFree = await api('POST', '/account/email', { token: ines.token, body: { email: free, password: ines.password } });
		expect([forTaken.status, forTaken.body, forTaken.headers.get('content-length')]).toEqual([202, null, '0']);
		expect([forFree.status, forFree.body, forFree.headers.get('content-length')]).toEqual([202, null, '0']);

		const notice = await waitForEmail(owner.email, /Someone tried to use your email address/);
		expect(notice.text).toContain('nothing was changed');
		// Nothing about the owner's address went to the asking account, and its own email stays.
		expect((await api<Data<AccountProfile>>('GET', '/account/me', { token: ines.token })).body.data.email).toBe(ines.email);
		await waitForEmail(free, /Confirma tu nueva dirección de correo/);
	});

	it('keeps the old address until the link is followed, then switches once', async () => {
		const next = uniqueEmail('next');
		expect((await api('POST', '/account/email', { token: ines.token, body: { email: next.toUpperCase(), password: ines.password } })).status).toBe(202);
		const mail = await waitForEmail(next, /Confirma tu nueva dirección de correo/);
		const link = linkIn(mail, `${controlPlane().url}/confirm-email`);
		expect(await login(ines.email, ines.password)).toBeTruthy();

		const confirmed = await api('POST', '/account/email/confirm', { body: { token: link.searchParams.get('token') } });
		expect(confirmed.status).toBe(204);
		expect((await api<Data<AccountProfile>>('GET', '/account/me', { token: ines.token })).body.data.email).toBe(next);
		expect(await login(next, ines.password)).toBeTruthy();
		expect((await api('POST', '/auth/login', { body: { email: ines.email, password: ines.password } })).status).toBe(401);
		await waitForEmail(ines.email, /Se cambió la dirección de correo/);

		const reused = await api<ApiError>('POST', '/account/email/confirm', { body: { token: link.searchParams.get('token') } });
		expect(reused.status).toBe(400);
		expect(reused.body.errors[0].extensions.code).toBe('INVALID_EMAIL_CHANGE_LINK');
	});

	it('refuses a link to an address that was registered after it was sent', async () => {
		const jon = await registerVerifiedCustomer('jon');
		const wanted = uniqueEmail('wanted');
		expect((await api('POST', '/account/email', { token: jon.token, body: { email: wanted, password: jon.password } })).status).toBe(202);
		const link = linkIn(await waitForEmail(wanted, /Confirm your new email address/), `${controlPlane().url}/confirm-email`);
		expect((await api('POST', '/users/register', { body: { email: wanted, password: 'Someone-else-9', verification_url: verificationUrl() } })).status).toBe(204);

		const refused = await api<ApiError>('POST', '/account/email/confirm', { body: { token: link.searchParams.get('token') } });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].extensions.code).toBe('INVALID_EMAIL_CHANGE_LINK');
		expect((await api<Data<AccountProfile>>('GET', '/account/me', { token: jon.token })).body.data.email).toBe(jon.email);
	});

	it('refuses a confirmation page other than the portal own', async () => {
		const refused = await api<ApiError>('POST', '/account/email', {
			token: ines.token,
			body: { email: uniqueEmail('phish'), password: ines.password, confirmation_url: 'https://evil.example/confirm-email' },
		});
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].message).toContain('confirmation_url');
	});
});

describe('Directus utilities', () => {
	it('are closed to customers and open to staff, with two-factor set-up and page tracking', async () => {
		const kim = await registerVerifiedCustomer('kim');
		for (const [method, path, body] of [
			['POST', '/utils/export/subscription_plans', { format: 'csv', query: {} }],
			['POST', '/utils/hash/generate', { string: 'spin the CPU' }],
			['GET', '/utils/random/string', undefined],
		] as const) {
			const refused = await api(method, path, { token: kim.token, body });
			expect(refused.status, path).toBe(403);
			expect((await api(method, path, { body })).status, `${path} anonymous`).toBe(403);
		}
		expect((await api('GET', '/utils/random/string', { token: admin })).status).toBe(200);
		// Two-factor set-up (a password check outside the sign-in lock) and Studio's page tracking.
		const tfa = await api<{ data?: unknown }>('POST', '/users/me/tfa/generate', { token: kim.token, body: { password: kim.password } });
		expect(tfa.status).toBe(403);
		expect(tfa.body.data).toBeUndefined();
		expect((await api('PATCH', '/users/me/track/page', { token: kim.token, body: { last_page: '/admin/x' } })).status).toBe(403);
		const row = await api<Data<{ last_page: string | null; tfa_secret: string | null }>>('GET', `/users/${kim.id}?fields=last_page,tfa_secret`, { token: admin });
		expect(row.body.data).toEqual({ last_page: null, tfa_secret: null });
		// No notification (each failed export mailed one) was made for the customer.
		const notifications = await api<{ data: unknown[] }>('GET', `/notifications?filter[recipient][_eq]=${kim.id}`, { token: admin });
		expect(notifications.body.data).toEqual([]);
	});
});

describe('registration in the Studio', () => {
	it("is not offered on the Studio's sign-in page, while registration through the portal still works", async () => {
		// The Studio shows "Sign up now" when /server/info says public registration is on.
		const info = await api<Data<{ project: { public_registration: boolean; project_name: string } }>>('GET', '/server/info');
		expect(info.status).toBe(200);
		expect(info.body.data.project).toMatchObject({ public_registration: false, project_name: expect.any(String) });
		const settings = await api<Data<{ public_registration: boolean }>>('GET', '/settings?fields=public_registration', { token: admin });
		expect(settings.body.data.public_registration).toBe(true);
		// The portal's registration (the same call the Studio's form would make) is unaffected.
		const customer = await registerVerifiedCustomer('studio-signup');
		expect(customer.token).toEqual(expect.any(String));
	});
});

describe('isolation', () => {
	it("gives one customer no way to read or change another's profile through the account routes", async () => {
		const [mia, noah] = await Promise.all([registerVerifiedCustomer('mia'), registerVerifiedCustomer('noah')]);
		const miaBefore = (await api('GET', '/account/me', { token: mia.token })).body;

		expect((await api<Data<AccountProfile>>('PATCH', '/account/me', { token: noah.token, body: { first_name: 'Changed' } })).body.data.id).toBe(noah.id);
		// Naming the other customer is refused, not obeyed.
		for (const body of [{ id: mia.id, first_name: 'Hijack' }, { email: mia.email }]) {
			expect((await api('PATCH', '/account/me', { token: noah.token, body })).status).toBe(400);
		}
		// The other customer's password opens nothing of theirs from this account.
		const withOthersPassword = await api<ApiError>('POST', '/account/password', { token: noah.token, body: { current_password: mia.password, new_password: 'Takeover-pass-1' } });
		expect(withOthersPassword.body.errors[0].extensions.code).toBe('WRONG_PASSWORD');
		const deletion = await api<ApiError>('DELETE', '/account/me', { token: noah.token, body: { password: mia.password } });
		expect(deletion.body.errors[0].extensions.code).toBe('WRONG_PASSWORD');
		// Directus's own routes to the other user stay shut.
		expect((await api('PATCH', `/users/${mia.id}`, { token: noah.token, body: { first_name: 'Hijack' } })).status).toBe(403);
		expect((await api('GET', `/users/${mia.id}`, { token: noah.token })).status).toBe(403);

		expect((await api('GET', '/account/me', { token: mia.token })).body).toEqual(miaBefore);
		expect(await login(mia.email, mia.password)).toBeTruthy();
	});
});
