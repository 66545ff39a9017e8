/**
 * The Stripe provider through the official library, against the local Stripe-compatible server in
 * tests/support/stripe-server: this file boots a control plane of its own with
 * BILLING_PROVIDER=stripe pointed at that server, whose webhooks (signed with the library's own
 * signing code) come back to `/stripe/webhook`. The tests run in order along one customer's life.
 */
import type { CheckoutSession, CheckoutSessionCreated, Payment, Subscription } from '@epic/platform-api';
import { syncPlansToStripe } from '@epic/local-platform/stripe-plan-sync';
import knex, { type Knex } from 'knex';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, useOwnControlPlane, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { StripeTestServer } from '../support/stripe-server/index.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';

const SECRET_KEY = 'sk_test_epic_platform';
const WEBHOOK_SECRET = 'whsec_epic_platform_test';

let server: StripeTestServer;
let stripe: Stripe;
let own: RunningTestControlPlane;
let db: Knex;
let admin: string;
let alice: TestCustomer;
let bob: TestCustomer;
let sessionId: string;
let subscriptionId: string;

beforeAll(async () => {
	server = await StripeTestServer.start({ webhookSecret: WEBHOOK_SECRET, secretKey: SECRET_KEY });
	stripe = server.stripeClient(SECRET_KEY);
	own = await bootTestControlPlane(controlPlane().db, {
		label: 'stripe',
		env: {
			STRIPE_SECRET_KEY: SECRET_KEY,
			STRIPE_PUBLISHABLE_KEY: 'pk_test_epic_platform',
			STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
			STRIPE_API_URL: server.url,
		},
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	server.setWebhookUrl(`${own.url}/stripe/webhook`);
	db = knex(own.knexConnection);
	admin = await adminToken();
	[alice, bob] = await Promise.all([registerVerifiedCustomer('alice-stripe'), registerVerifiedCustomer('bob-stripe')]);
}, 180_000);

afterAll(async () => {
	await db?.destroy();
	await own?.stop();
	await server?.close();
});

async function subscriptionOf(customer: TestCustomer) {
	return api<Data<Subscription>>('GET', '/stripe/subscription', { token: customer.token });
}

async function mirrored(customer: TestCustomer) {
	const rows = await api<Data<{ status: string; stripe_subscription_id: string; plan: string; period: string; cancel_at_period_end: boolean }[]>>(
		'GET',
		`/items/user_subscriptions?filter[user][_eq]=${customer.id}&fields=status,stripe_subscription_id,plan,period,cancel_at_period_end`,
		{ token: admin },
	);
	expect(rows.status).toBe(200);
	return rows.body.data;
}

async function storedEvents(id: string) {
	const rows = await api<Data<{ id: string; status: string; error: string | null }[]>>('GET', `/items/billing_events?filter[id][_eq]=${id}&fields=id,status,error`, {
		token: admin,
	});
	expect(rows.status).toBe(200);
	return rows.body.data;
}

describe('Stripe provider', () => {
	it('syncs the plans into Stripe products and prices, and a second run changes nothing', async () => {
		const first = await syncPlansToStripe(db, stripe);
		expect(first).toMatchObject({ productsCreated: 3, pricesCreated: 9, unchanged: 0 });
		const second = await syncPlansToStripe(db, stripe);
		expect(second).toEqual({ productsCreated: 0, productsUpdated: 0, pricesCreated: 0, pricesDeactivated: 0, unchanged: 9 });
		const pro = await db('subscription_plans').where({ id: 'pro' }).first();
		const price = await stripe.prices.retrieve(pro.stripe_price_id_quarterly);
		expect(price).toMatchObject({ unit_amount: 10530, currency: 'usd', recurring: { interval: 'month', interval_count: 3 } });
	});

	it("opens the CSP to Stripe's script when the Stripe provider runs", async () => {
		const config = await api('GET', '/stripe/config');
		expect(config.body).toEqual({ data: { provider: 'stripe', publishableKey: 'pk_test_epic_platform' } });
		const page = await fetch(`${own.url}/subscription`, { headers: { accept: 'text/html' } });
		expect(page.headers.get('content-security-policy')).toContain('https://js.stripe.com');
	});

	it('checks out through Stripe and mirrors the subscription from the webhooks', async () => {
		const created = await api<{ data: CheckoutSessionCreated }>('POST', '/stripe/create-checkout-session', {
			token: alice.token,
			body: { plan_id: 'pro', period: 'monthly', ui_mode: 'embedded' },
		});
		expect(created.status, JSON.stringify(created.body)).toBe(200);
		if (created.body.data.kind !== 'checkout') throw new Error('expected a checkout');
		sessionId = created.body.data.id;
		expect(created.body.data.client_secret).toBeTruthy();
		const session = server.store.checkoutSessions.get(sessionId)!;
		expect(session.return_url).toContain(`/subscription/return?session_id=${sessionId}`);

		expect((await api('GET', `/stripe/checkout-session?session_id=${sessionId}`, { token: bob.token })).status).toBe(404);

		await server.completeCheckout(sessionId);
		const read = await api<{ data: CheckoutSession }>('GET', `/stripe/checkout-session?session_id=${sessionId}`, { token: alice.token });
		expect(read.body.data).toMatchObject({ status: 'complete', plan_id: 'pro', period: 'monthly' });

		const subscription = await subscriptionOf(alice);
		expect(subscription.status, JSON.stringify(subscription.body)).toBe(200);
		expect(subscription.body.data).toMatchObject({ status: 'active', period: 'monthly', plan: { id: 'pro' }, cancel_at_period_end: false });
		const rows = await mirrored(alice);
		expect(rows).toHaveLength(1);
		subscriptionId = rows[0]!.stripe_subscription_id;
		expect(server.deliveries().every((delivery) => delivery.ok)).toBe(true);
		expect((await subscriptionOf(bob)).status).toBe(404);
	});

	it('lists the paid invoice among the payments and mails its receipt, to its customer only', async () => {
		const [invoice] = (await stripe.invoices.list({ subscription: subscriptionId })).data;
		expect(invoice?.status).toBe('paid');
		const line = invoice!.lines.data[0]!;
		const payments = await api<{ data: Payment[] }>('GET', '/stripe/payments', { token: alice.token });
		expect(payments.status).toBe(200);
		expect(payments.body.data).toEqual([
			{
				id: invoice!.id,
				date: new Date(invoice!.status_transitions.paid_at! * 1000).toISOString(),
				amount: invoice!.amount_paid / 100,
				currency: 'usd',
				description: line.description,
				period_start: new Date(line.period.start * 1000).toISOString(),
				period_end: new Date(line.period.end * 1000).toISOString(),
			},
		]);
		expect((await api<Data<Payment[]>>('GET', '/stripe/payments', { token: bob.token })).body.data).toEqual([]);
		expect((await api('GET', '/stripe/payments')).status).toBe(401);

		const receipt = await waitForEmail(alice.email, /^Receipt for your payment of /);
		expect(receipt.subject).toBe(`Receipt for your payment of $${(invoice!.amount_paid / 100).toFixed(2)}`);
		expect(receipt.text).toContain(`For: ${line.description}`);
		expect(receipt.text).toContain(`Receipt number: ${invoice!.id}`);
		expect(receipt.text).toContain('/payments');
	});

	it("opens the customer's own billing portal", async () => {
		const portal = await api<{ data: { url: string } }>('POST', '/stripe/create-billing-portal-session', { token: alice.token, body: {} });
		expect(portal.status).toBe(200);
		const sessions = [...server.store.billingPortalSessions.values()];
		expect(sessions.at(-1)).toMatchObject({ url: portal.body.data.url, customer: server.store.subscriptions.get(subscriptionId)!.customer });
		expect((await api('POST', '/stripe/create-billing-portal-session', { token: bob.token, body: {} })).status).toBe(404);
	});

	it('changes the plan in place, cancels at period end and reactivates', async () => {
		const changed = await api<{ data: CheckoutSessionCreated }>('POST', '/stripe/create-checkout-session', {
			token: alice.token,
			body: { plan_id: 'business', period: 'monthly' },
		});
		expect(changed.status, JSON.stringify(changed.body)).toBe(200);
		expect(changed.body.data).toMatchObject({ kind: 'changed', subscription: { plan: { id: 'business' } } });
		expect(server.store.subscriptions.get(subscriptionId)!.items.data[0]!.price.metadata['plan_id']).toBe('business');
		expect(server.store.subscriptions.size).toBe(1);
		// The difference is charged at once, not left for the next invoice.
		const [charged] = (await stripe.invoices.list({ subscription: subscriptionId })).data;
		expect(charged).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
		expect(charged!.amount_paid).toBeGreaterThan(0);

		const canceled = await api<{ data: Subscription }>('POST', '/stripe/subscription/cancel', { token: alice.token });
		expect(canceled.body.data.cancel_at_period_end).toBe(true);
		expect(server.store.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
		const reactivated = await api<{ data: Subscription }>('POST', '/stripe/subscription/reactivate', { token: alice.token });
		expect(reactivated.body.data.cancel_at_period_end).toBe(false);
		await server.webhooksDelivered();
		expect((await mirrored(alice))[0]).toMatchObject({ plan: 'business', cancel_at_period_end: false, status: 'active' });
	});

	it("raises a plan's limits only once the upgrade's charge is paid", async () => {
		const dora = await registerVerifiedCustomer('dora-stripe');
		const checkout = await api<{ data: CheckoutSessionCreated }>('POST', '/stripe/create-checkout-session', { token: dora.token, body: { plan_id: 'starter', period: 'monthly' } });
		if (checkout.body.data.kind !== 'checkout') throw new Error(`expected a checkout: ${JSON.stringify(checkout.body)}`);
		// Stripe's 0341 card: it pays the checkout and declines every later charge.
		await server.completeCheckout(checkout.body.data.id, { card: 'fails_at_renewal' });
		await server.webhooksDelivered();
		expect((await mirrored(dora))[0]).toMatchObject({ plan: 'starter', status: 'active' });

		const upgrade = await api<ApiError>('POST', '/stripe/create-checkout-session', {
			token: dora.token,
			body: { plan_id: 'business', period: 'monthly' },
		});
		expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(402);
		expect(upgrade.body.errors[0]).toMatchObject({
			message: 'Your card was declined for the new plan. Your plan has not changed: pay the open invoice in the billing portal to switch.',
			extensions: { code: 'PLAN_CHANGE_UNPAID' },
		});
		await server.webhooksDelivered();
		const doraSubscription = (await mirrored(dora))[0]!;
		expect(doraSubscription).toMatchObject({ plan: 'starter', status: 'active' });
		expect((await subscriptionOf(dora)).body.data.plan?.id).toBe('starter');
		const atStripe = server.store.subscriptions.get(doraSubscription.stripe_subscription_id)!;
		expect(atStripe.pending_update?.subscription_items[0]?.price.metadata['plan_id']).toBe('business');

		// The customer pays the open invoice: Stripe applies the change, and its webhook the limits.
		await server.recoverPayment(doraSubscription.stripe_subscription_id);
		await server.webhooksDelivered();
		expect((await mirrored(dora))[0]).toMatchObject({ plan: 'business', status: 'active' });
	});

	it('refuses a webhook without a valid, fresh signature and changes nothing', async () => {
		const body = JSON.stringify({ id: 'evt_forged_1', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: subscriptionId, object: 'subscription' } } });
		const cases = [
			{ name: 'bad signature', signature: server.signatureHeader(body, { secret: 'whsec_wrong' }) },
			{ name: 'older than 300 s', signature: server.signatureHeader(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }) },
			{ name: 'no signature header', signature: null },
		];
		for (const { name, signature } of cases) {
			const answer = await server.sendRawWebhook({ body, signature });
			expect(answer.status, name).toBe(400);
			expect(JSON.parse(answer.body).errors[0].extensions.code, name).toBe('INVALID_SIGNATURE');
		}
		expect(await storedEvents('evt_forged_1')).toEqual([]);
		expect((await mirrored(alice))[0]!.status).toBe('active');
	});

	it('applies the same event delivered ten times at once exactly once', async () => {
		const event = server.events().findLast((candidate) => candidate.type === 'customer.subscription.updated')!;
		const before = (await storedEvents(event.id))[0];
		expect(before?.status).toBe('processed');
		const outcomes = await Promise.all(Array.from({ length: 10 }, () => server.deliver(event)));
		expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(10).fill(200));
		const answers = outcomes.map((outcome) => JSON.parse(outcome.responseBody ?? '{}').data?.outcome);
		expect(answers).toEqual(Array(10).fill('duplicate'));
		expect(await storedEvents(event.id)).toHaveLength(1);

		// A new event ten times at once: one delivery processes it; each other one is told to come
		// back later while it is being processed (409, so the provider delivers it again) or sees it
		// processed; delivered again, every one is a duplicate.
		server.pauseWebhooks();
		await stripe.subscriptions.update(subscriptionId, { metadata: { plan_id: 'business', period: 'monthly', touched: 'yes' } });
		const fresh = server.pendingWebhooks().find((candidate) => candidate.type === 'customer.subscription.updated')!;
		const burst = await Promise.all(Array.from({ length: 10 }, () => server.deliver(fresh)));
		const freshAnswers = burst.map((outcome) =>
			outcome.status === 200
				? JSON.parse(outcome.responseBody ?? '{}').data?.outcome
				: `${outcome.status} ${JSON.parse(outcome.responseBody ?? '{}').errors?.[0]?.extensions?.code}`,
		);
		expect(freshAnswers.filter((answer) => answer === 'processed')).toHaveLength(1);
		expect(freshAnswers.filter((answer) => answer !== 'processed' && answer !== 'duplicate' && answer !== '409 EVENT_IN_PROGRESS')).toEqual([]);
		const again = await Promise.all(Array.from({ length: 9 }, () => server.deliver(fresh)));
		expect(again.map((outcome) => JSON.parse(outcome.responseBody ?? '{}').data?.outcome)).toEqual(Array(9).fill('duplicate'));
		expect(await storedEvents(fresh.id)).toHaveLength(1);
		await server.resumeWebhooks();
	});

	it("ends in the provider's real state when deleted arrives before updated", async () => {
		server.pauseWebhooks();
		await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
		await stripe.subscriptions.cancel(subscriptionId);
		const pending = server.pendingWebhooks();
		const updated = pending.find((event) => event.type === 'customer.subscription.updated')!;
		const deleted = pending.find((event) => event.type === 'customer.subscription.deleted')!;
		expect((await server.deliver(deleted)).status).toBe(200);
		expect((await server.deliver(updated)).status).toBe(200);
		expect((await mirrored(alice))[0]!.status).toBe('canceled');
		expect((await subscriptionOf(alice)).status).toBe(404);
		await server.resumeWebhooks();
	});

	it('answers non-2xx when the database fails during an event, and a redelivery applies it', async () => {
		const carol = await registerVerifiedCustomer('carol-stripe');
		const created = await api<{ data: CheckoutSessionCreated }>('POST', '/stripe/create-checkout-session', {
			token: carol.token,
			body: { plan_id: 'starter', period: 'monthly' },
		});
		if (created.body.data.kind !== 'checkout') throw new Error('expected a checkout');
		server.pauseWebhooks();
		await server.completeCheckout(created.body.data.id, { card: 'fails_at_renewal' });
		const first = server.pendingWebhooks().find((event) => event.type === 'customer.subscription.created')!;

		// The mirror's table goes away for a moment: the event is stored, then its processing fails.
		await db.schema.renameTable('user_subscriptions', 'user_subscriptions_away');
		let failed;
		try {
			failed = await server.deliver(first);
		} finally {
			await db.schema.renameTable('user_subscriptions_away', 'user_subscriptions');
		}
		expect(failed.status).toBeGreaterThanOrEqual(500);
		expect(await storedEvents(first.id)).toMatchObject([{ status: 'failed', error: expect.any(String) }]);
		expect(await mirrored(carol)).toEqual([]);

		const again = await server.redeliver(first.id);
		expect(again.status).toBe(200);
		expect(await storedEvents(first.id)).toMatchObject([{ status: 'processed', error: null }]);
		expect((await mirrored(carol))[0]).toMatchObject({ status: 'active', plan: 'starter' });
		await server.resumeWebhooks();

		// Its renewal fails: past_due, from the webhooks alone.
		await server.advanceTime(32 * 86_400_000);
		await server.webhooksDelivered();
		expect((await subscriptionOf(carol)).body.data.status).toBe('past_due');
	});

	it('runs again an event whose processing a crash cut off, once the claim is old', async () => {
		server.pauseWebhooks();
		const subscription = [...server.store.subscriptions.values()].find((candidate) => candidate.status === 'past_due')!;
		await stripe.subscriptions.update(subscription.id, { metadata: { ...subscription.metadata, note: 'crash test' } });
		const cutOff = server.pendingWebhooks().findLast((event) => event.type === 'customer.subscription.updated');
		expect(cutOff).toBeDefined();
		const sqlite = own.db === 'sqlite3';
		const at = (minutesAgo: number) => {
			const date = new Date(Date.now() - minutesAgo * 60_000);
			return sqlite ? date.getTime() : date;
		};
		// A claim left 10 minutes ago by a process that died: the redelivery processes it.
		await db('billing_events').insert({ id: cutOff!.id, provider: 'stripe', type: cutOff!.type, status: 'received', received_at: at(10) });
		const delivered = await server.deliver(cutOff!);
		expect(JSON.parse(delivered.responseBody).data.outcome).toBe('processed');
		expect(await storedEvents(cutOff!.id)).toMatchObject([{ status: 'processed' }]);
		// A claim from a moment ago may still be in progress: a second delivery leaves it alone and
		// is told to come back (409), so the provider delivers it again rather than taking it as done.
		await db('billing_events').insert({ id: 'evt_in_progress', provider: 'stripe', type: cutOff!.type, status: 'received', received_at: at(0) });
		const second = await server.deliver({ ...cutOff!, id: 'evt_in_progress' });
		expect(second.status).toBe(409);
		expect(JSON.parse(second.responseBody).errors[0].extensions.code).toBe('EVENT_IN_PROGRESS');
		expect(await storedEvents('evt_in_progress')).toMatchObject([{ status: 'received' }]);
		// Its claim not renewed for 20 s and more (a replica that died): the next delivery takes it up.
		await db('billing_events')
			.where({ id: 'evt_in_progress' })
			.update({ received_at: at(1) });
		const third = await server.deliver({ ...cutOff!, id: 'evt_in_progress' });
		expect(JSON.parse(third.responseBody).data.outcome).toBe('processed');
		await server.resumeWebhooks();
	});

	it('cancels the subscription at once and deletes the Stripe customer when the account is deleted', async () => {
		const created = await api<{ data: CheckoutSessionCreated }>('POST', '/stripe/create-checkout-session', {
			token: bob.token,
			body: { plan_id: 'starter', period: 'monthly', ui_mode: 'embedded' },
		});
		if (created.body.data.kind !== 'checkout') throw new Error('expected a checkout');
		await server.completeCheckout(created.body.data.id);
		const [row] = await mirrored(bob);
		expect(row).toMatchObject({ status: 'active' });
		const customerId = server.store.subscriptions.get(row!.stripe_subscription_id)!.customer;

		const deleted = await api('DELETE', '/account/me', { token: bob.token, body: { password: bob.password } });
		expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
		expect(server.store.subscriptions.get(row!.stripe_subscription_id)!.status).toBe('canceled');
		expect(server.store.customers.has(customerId)).toBe(false);
		const kept = await db('user_subscriptions').where({ stripe_subscription_id: row!.stripe_subscription_id });
		expect(kept).toEqual([expect.objectContaining({ user: null, payment_profile: null })]);
		expect(await db('payment_profiles').where({ stripe_customer_id: customerId })).toEqual([]);
	});
});
