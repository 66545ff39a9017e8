/**
 * Account deletion leaves nothing of the person but what the books require. A customer with a paid
 * subscription, a project, an avatar, sign-ins, a password reset (whose revision copies the user
 * row), a notification, a saved preset and contact-form messages deletes the account; then every
 * row of every table of the control plane's database is searched for the customer's id, email,
 * names and avatar id.
 *
 * What the books require, and what stays: the subscription row (plan, period, status, the
 * provider's subscription id) without user or payment profile, the sandbox provider's subscription
 * and invoices (amounts, plan, period, its customer id) without user, card or email, and the billing
 * events.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { AccountProfile, Subscription } from '@epic/platform-api';
import knex, { type Knex } from 'knex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, login, type ApiError, type AuthTokens, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { linkIn, waitForEmail } from '../support/mailbox.ts';
import type { CheckoutStarted } from '../support/sandbox-subscription.ts';

let db: Knex;
let admin: string;
let lena: TestCustomer;
let bystander: TestCustomer;
let refreshToken: string;
let subscriptionId: string;
let avatarId: string;
const newPassword = 'Lena-reset-pass-2026';

const card = (email: string) => ({ card_number: '4242424242424242', expiry: '12/34', cvc: '123', cardholder: 'Lena Unique-Surname', email });

async function tableNames(): Promise<string[]> {
	if (controlPlane().db === 'pg') {
		const rows = await db('information_schema.tables').select('table_name').where({ table_schema: 'public', table_type: 'BASE TABLE' });
		return rows.map((row: { table_name: string }) => row.table_name);
	}
	const rows = await db('sqlite_master').select('name').where({ type: 'table' }).andWhereNot('name', 'like', 'sqlite_%');
	return rows.map((row: { name: string }) => row.name);
}

/** Every row of every table that mentions one of the needles, as `table: row`. */
async function rowsMentioning(needles: string[]): Promise<string[]> {
	const found: string[] = [];
	const lowered = needles.map((needle) => needle.toLowerCase());
	for (const table of await tableNames()) {
		for (const row of await db(table).select('*')) {
			const text = JSON.stringify(row).toLowerCase();
			if (lowered.some((needle) => text.includes(needle))) found.push(`${table}: ${JSON.stringify(row)}`);
		}
	}
	return found;
}

/** The customer's own avatar, uploaded through the portal's route and served once resized. */
async function uploadAvatar(customer: TestCustomer): Promise<string> {
	const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#6b46c1' } })
		.png()
		.toBuffer();
	const uploaded = await fetch(`${controlPlane().url}/account/avatar`, {
		method: 'PUT',
		headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'image/png' },
		body: png,
	});
	const { data } = (await uploaded.json()) as { data: { avatar: string } };
	expect(uploaded.status).toBe(200);
	const resized = await fetch(`${controlPlane().url}/account/avatar?size=64`, { headers: { authorization: `Bearer ${customer.token}` } });
	expect(resized.status).toBe(200);
	// The original and its resized copy are in storage, named after the file's id.
	expect(readdirSync(path.join(controlPlane().dataDir, 'uploads')).filter((file) => file.startsWith(data.avatar)).length).toBeGreaterThanOrEqual(2);
	return data.avatar;
}

beforeAll(async () => {
	db = knex(controlPlane().knexConnection);
	admin = await adminToken();
	lena = await registerVerifiedCustomer('lena-deletes', { firstName: 'Lenaunique', language: 'ru' });
	bystander = await registerVerifiedCustomer('bystander');

	// A paid subscription through the sandbox's checkout.
	const checkout = await api<Data<CheckoutStarted>>('POST', '/stripe/create-checkout-session', {
		token: lena.token,
		body: { plan_id: 'pro', period: 'monthly', ui_mode: 'embedded' },
	});
	expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
	const paid = await api('POST', '/stripe/sandbox/confirm', { token: lena.token, body: { session_id: checkout.body.data.id, ...card(lena.email) } });
	expect(paid.status, JSON.stringify(paid.body)).toBe(200);
	const subscription = await api<Data<Subscription>>('GET', '/stripe/subscription', { token: lena.token });
	expect(subscription.body.data.status).toBe('active');
	const [mirrored] = await db('user_subscriptions').select('stripe_subscription_id').where({ user: lena.id });
	subscriptionId = mirrored.stripe_subscription_id;
	expect(subscriptionId).toMatch(/^sub_/);

	// A project row (the Projects code will create these; staff can today).
	const project = await api('POST', '/items/projects', {
		token: admin,
		body: { owner: lena.id, name: 'Lena site', subdomain: `lena-${Date.now()}`, status: 'draft', admin_email: lena.email },
	});
	expect(project.status, JSON.stringify(project.body)).toBe(200);

	avatarId = await uploadAvatar(lena);

	// A password reset: Directus records it as an activity with a revision holding the user row.
	await api('POST', '/auth/password/request', { body: { email: lena.email, reset_url: `${controlPlane().url}/reset-password` } });
	const token = linkIn(await waitForEmail(lena.email, /Сброс пароля/), `${controlPlane().url}/reset-password`).searchParams.get('token');
	expect((await api('POST', '/auth/password/reset', { body: { token, password: newPassword } })).status).toBe(204);
	const session = await api<Data<AuthTokens>>('POST', '/auth/login', { body: { email: lena.email, password: newPassword } });
	expect(session.status).toBe(200);
	lena.token = session.body.data.access_token;
	refreshToken = session.body.data.refresh_token;

	expect((await api('POST', '/notifications', { token: admin, body: { recipient: lena.id, subject: 'Hello Lenaunique' } })).status).toBe(200);
	expect((await api('POST', '/presets', { token: admin, body: { user: lena.id, collection: 'projects', bookmark: 'Lenaunique bookmark' } })).status).toBe(200);
	// Contact-form messages: one signed in, one signed out from the account's address.
	const contact = { name: 'Lenaunique Unique-Surname', email: lena.email, subject: 'A question', message: 'Lenaunique asks about domains.' };
	expect((await api('POST', '/contact', { token: lena.token, body: contact })).status).toBe(201);
	expect((await api('POST', '/contact', { body: contact })).status).toBe(201);

	// The search must find the customer everywhere before the deletion, or finding nothing after proves nothing.
	const before = await rowsMentioning([lena.id, lena.email]);
	for (const table of [
		'directus_users',
		'directus_sessions',
		'directus_activity',
		'directus_revisions',
		'directus_notifications',
		'directus_presets',
		'projects',
		'user_subscriptions',
		'payment_profiles',
		'sandbox_subscriptions',
		'sandbox_checkout_sessions',
		'contact_messages',
	]) {
		expect(
			before.some((row) => row.startsWith(`${table}: `)),
			table,
		).toBe(true);
	}
}, 120_000);

afterAll(async () => {
	await db?.destroy();
});

describe('account deletion', () => {
	it('needs the password and changes nothing without it', async () => {
		const refused = await api<ApiError>('DELETE', '/account/me', { token: lena.token, body: { password: 'not-the-password' } });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].extensions.code).toBe('WRONG_PASSWORD');
		expect((await api('GET', '/account/me', { token: lena.token })).status).toBe(200);
		expect((await api<Data<Subscription>>('GET', '/stripe/subscription', { token: lena.token })).body.data.status).toBe('active');
	});

	it('deletes everything of the person but the books', async () => {
		const deleted = await api('DELETE', '/account/me', { token: lena.token, body: { password: newPassword } });
		expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);

		expect(await rowsMentioning([lena.id, lena.email, 'Lenaunique', 'Unique-Surname', avatarId])).toEqual([]);

		// The books: the subscription, ended now, and its invoice, linked to no one.
		const kept = await db('user_subscriptions').where({ stripe_subscription_id: subscriptionId });
		expect(kept).toEqual([expect.objectContaining({ user: null, payment_profile: null, status: 'canceled', plan: 'pro', period: 'monthly' })]);
		const providerSide = await db('sandbox_subscriptions').where({ id: subscriptionId });
		expect(providerSide).toEqual([expect.objectContaining({ user: null, card: null, status: 'canceled' })]);
		const invoices = await db('sandbox_invoices').where({ subscription_id: subscriptionId });
		expect(invoices.length).toBeGreaterThan(0);
		expect(invoices[0]).toEqual(expect.objectContaining({ status: 'paid', plan_name: 'Pro' }));

		// The avatar's bytes are gone from storage, with any resized copies.
		expect(readdirSync(path.join(controlPlane().dataDir, 'uploads')).filter((file) => file.startsWith(avatarId))).toEqual([]);

		// Sessions ended, the password no longer signs in, and the confirmation went out in Russian.
		expect((await api('POST', '/auth/refresh', { body: { refresh_token: refreshToken, mode: 'json' } })).status).toBe(401);
		expect((await api('POST', '/auth/login', { body: { email: lena.email, password: newPassword } })).status).toBe(401);
		const confirmation = await waitForEmail(lena.email, /удалена/);
		expect(confirmation.subject).toBe('Ваша учётная запись Epic CMS удалена');

		// Another customer is untouched.
		expect(await login(bystander.email, bystander.password)).toBeTruthy();
		expect((await api<Data<AccountProfile>>('GET', '/account/me', { token: bystander.token })).body.data.email).toBe(bystander.email);
	});

	it('leaves the address free to register again', async () => {
		const again = await api('POST', '/users/register', { body: { email: lena.email, password: 'Brand-new-start-1', verification_url: `${controlPlane().url}/verify-email` } });
		expect(again.status).toBe(204);
		const rows = await db('directus_users').where({ email: lena.email });
		expect(rows).toEqual([expect.objectContaining({ status: 'unverified' })]);
		expect(rows[0].id).not.toBe(lena.id);
	});
});
