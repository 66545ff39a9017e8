/**
 * The sandbox billing provider end to end through the billing API (docs/product.md, Billing API):
 * checkout paid with Stripe's test cards, the subscription it creates, cancel and reactivate, plan
 * changes, renewals driven by moving the sandbox's clock, and isolation between customers. The
 * tests run in order: they share one customer's subscription as it moves through its life.
 */
import type { CheckoutSession, CheckoutSessionCreated, Payment, SandboxPortal, Subscription } from '@epic/platform-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { waitForEmail } from '../support/mailbox.ts';
import type { SandboxClockAdvanced } from '../support/sandbox-subscription.ts';

let alice: TestCustomer;
let bob: TestCustomer;
let admin: string;
let sessionId: string;

const card = (number: string) => ({ card_number: number, expiry: '12/34', cvc: '123', cardholder: 'Test Holder', email: 'payer@example.com' });

async function startCheckout(customer: TestCustomer, plan: string, period: string): Promise<string> {
	const created = await api<{ data: CheckoutSessionCreated }>('POST', '/stripe/create-checkout-session', {
		token: customer.token,
		body: { plan_id: plan, period, ui_mode: 'embedded' },
	});
	expect(created.status, JSON.stringify(created.body)).toBe(200);
	const data = created.body.data;
	if (data.kind !== 'checkout') throw new Error(`expected a checkout, got ${JSON.stringify(data)}`);
	return data.id;
}

/** `T`: the subscription, unless the test expects the 404 (`ApiError`). */
async function subscriptionOf<T = Data<Subscription>>(customer: TestCustomer) {
	return api<T>('GET', '/stripe/subscription', { token: customer.token });
}

async function mirroredRows(customer: TestCustomer) {
	const rows = await api<Data<{ status: string }[]>>('GET', `/items/user_subscriptions?filter[user][_eq]=${customer.id}&fields=status`, { token: admin });
	expect(rows.status).toBe(200);
	return rows.body.data;
}

async function advanceClock(days: number) {
	const moved = await api<Data<SandboxClockAdvanced>>('POST', '/stripe/sandbox/advance-clock', { token: admin, body: { days } });
	expect(moved.status, JSON.stringify(moved.body)).toBe(200);
	return moved.body.data;
}

async function eventsOf(subscriptionProviderId: string): Promise<{ type: string; status: string }[]> {
	const events = await api<Data<{ type: string; status: string; payload: unknown }[]>>('GET', `/items/billing_events?limit=-1&fields=type,status,payload&sort=received_at`, {
		token: admin,
	});
	expect(events.status).toBe(200);
	return events.body.data.filter((event) => JSON.stringify(event.payload).includes(subscriptionProviderId));
}

beforeAll(async () => {
	[alice, bob] = await Promise.all([registerVerifiedCustomer('alice-pay'), registerVerifiedCustomer('bob-pay')]);
	admin = await adminToken();
});

describe('sandbox billing', () => {
	it('says which provider runs, at /stripe and /api/stripe alike', async () => {
		for (const path of ['/stripe/config', '/api/stripe/config']) {
			const config = await api('GET', path);
			expect(config.status, path).toBe(200);
			expect(config.body).toEqual({ data: { provider: 'sandbox', publishableKey: null } });
		}
		// The sandbox needs no third-party script: the portal's CSP stays closed to Stripe.
		const page = await fetch(`${controlPlane().url}/subscription`, { headers: { accept: 'text/html' } });
		expect(page.status).toBe(200);
		expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
		expect(page.headers.get('content-security-policy')).not.toContain('stripe.com');
		const unknown = await api('GET', '/api/no-such-thing', { headers: { accept: 'text/html' } });
		expect(unknown.status).toBe(404);
		expect(unknown.headers.get('content-type')).toContain('application/json');
	});

	it('refuses callers without a token', async () => {
		for (const [method, path] of [
			['GET', '/stripe/subscription'],
			['POST', '/stripe/create-checkout-session'],
			['GET', '/stripe/checkout-session?session_id=cs_x'],
			['POST', '/stripe/create-billing-portal-session'],
			['POST', '/stripe/subscription/cancel'],
			['POST', '/stripe/subscription/reactivate'],
			['POST', '/stripe/sandbox/confirm'],
		] as const) {
			const response = await api<ApiError>(method, path, method === 'POST' ? { body: {} } : {});
			expect(response.status, path).toBe(401);
			expect(response.body.errors[0].message, path).toBe('User not authenticated');
		}
	});

	it('answers 404 when the customer has no subscription', async () => {
		const none = await subscriptionOf<ApiError>(alice);
		expect(none.status).toBe(404);
		expect(none.body.errors[0].extensions.code).toBe('SUBSCRIPTION_NOT_FOUND');
	});

	it('refuses bad checkout input, naming the fields, and creates nothing', async () => {
		const bad = await api<ApiError>('POST', '/stripe/create-checkout-session', { token: alice.token, body: { period: 'weekly' } });
		expect(bad.status).toBe(400);
		expect(bad.body.errors[0].message).toMatch(/plan_id/);
		expect(bad.body.errors[0].message).toMatch(/period/);
		const free = await api<ApiError>('POST', '/stripe/create-checkout-session', { token: alice.token, body: { plan_id: 'free', period: 'monthly' } });
		expect(free.status).toBe(400);
		expect(free.body.errors[0].extensions.code).toBe('PLAN_NOT_AVAILABLE');
		const elsewhere = await api<ApiError>('POST', '/stripe/create-checkout-session', {
			token: alice.token,
			body: { plan_id: 'pro', period: 'monthly', return_url: 'https://evil.example/return' },
		});
		expect(elsewhere.status).toBe(400);
		expect(elsewhere.body.errors[0].message).toMatch(/^return_url/);
		const profiles = await api<Data<unknown[]>>('GET', `/items/payment_profiles?filter[user][_eq]=${alice.id}`, { token: admin });
		expect(profiles.body.data).toEqual([]);
	});

	it('opens a checkout session for the plan and period chosen', async () => {
		sessionId = await startCheckout(alice, 'pro', 'monthly');
		expect(sessionId).toMatch(/^cs_sbx_/);
		const session = await api<{ data: CheckoutSession }>('GET', `/stripe/checkout-session?session_id=${sessionId}`, { token: alice.token });
		expect(session.status).toBe(200);
		expect(session.body.data).toMatchObject({ id: sessionId, status: 'open', plan_id: 'pro', period: 'monthly', amount: 39 });
	});

	it("never shows or pays one customer's session for another", async () => {
		const read = await api('GET', `/stripe/checkout-session?session_id=${sessionId}`, { token: bob.token });
		expect(read.status).toBe(404);
		const pay = await api('POST', '/stripe/sandbox/confirm', { token: bob.token, body: { session_id: sessionId, ...card('4242424242424242') } });
		expect(pay.status).toBe(404);
		const still = await api<{ data: CheckoutSession }>('GET', `/stripe/checkout-session?session_id=${sessionId}`, { token: alice.token });
		expect(still.body.data.status).toBe('open');
	});

	it('refuses declined cards with their own message and creates nothing', async () => {
		const declined = await api<ApiError>('POST', '/stripe/sandbox/confirm', { token: alice.token, body: { session_id: sessionId, ...card('4000 0000 0000 0002') } });
		expect(declined.status).toBe(402);
		expect(declined.body.errors[0]).toMatchObject({ message: 'Your card was declined.', extensions: { code: 'CARD_DECLINED' } });
		const poor = await api<ApiError>('POST', '/stripe/sandbox/confirm', { token: alice.token, body: { session_id: sessionId, ...card('4000000000009995') } });
		expect(poor.status).toBe(402);
		expect(poor.body.errors[0]).toMatchObject({ message: 'Your card has insufficient funds.', extensions: { code: 'INSUFFICIENT_FUNDS' } });
		const invalid = await api<ApiError>('POST', '/stripe/sandbox/confirm', { token: alice.token, body: { session_id: sessionId, ...card('4242424242424242'), expiry: '13/99' } });
		expect(invalid.status).toBe(400);
		expect(invalid.body.errors[0].message).toMatch(/^expiry/);
		expect((await subscriptionOf(alice)).status).toBe(404);
	});

	it('pays with 4242 and makes the subscription active for a month', async () => {
		const paid = await api<{ data: CheckoutSession }>('POST', '/stripe/sandbox/confirm', {
			token: alice.token,
			body: { session_id: sessionId, ...card('4242 4242 4242 4242') },
		});
		expect(paid.status, JSON.stringify(paid.body)).toBe(200);
		expect(paid.body.data).toMatchObject({ status: 'complete', customer_email: 'payer@example.com' });

		const subscription = await subscriptionOf(alice);
		expect(subscription.status).toBe(200);
		const data = subscription.body.data;
		expect(data).toMatchObject({ status: 'active', period: 'monthly', cancel_at_period_end: false, plan: { id: 'pro', project_limit: 3 } });
		const days = (Date.parse(data.current_period_end!) - Date.parse(data.current_period_start!)) / 86_400_000;
		expect(days).toBeGreaterThanOrEqual(28);
		expect(days).toBeLessThanOrEqual(31);

		const mirrored = await api<Data<{ stripe_subscription_id: string; status: string }[]>>(
			'GET',
			`/items/user_subscriptions?filter[user][_eq]=${alice.id}&fields=stripe_subscription_id,status`,
			{ token: admin },
		);
		expect(mirrored.body.data).toHaveLength(1);
		const events = await eventsOf(mirrored.body.data[0]!.stripe_subscription_id);
		expect(events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
		expect(events.every((event) => event.status === 'processed')).toBe(true);

		// Bob sees none of it.
		expect((await subscriptionOf(bob)).status).toBe(404);
		const bobPortal = await api<{ data: SandboxPortal }>('GET', '/stripe/sandbox/portal', { token: bob.token });
		expect(bobPortal.body.data).toEqual({ subscription: null, card: null, invoices: [] });
	});

	it('paying a completed session again changes nothing', async () => {
		const again = await api<{ data: CheckoutSession }>('POST', '/stripe/sandbox/confirm', { token: alice.token, body: { session_id: sessionId, ...card('4242424242424242') } });
		expect(again.status).toBe(200);
		const mirrored = await api<Data<unknown[]>>('GET', `/items/user_subscriptions?filter[user][_eq]=${alice.id}`, { token: admin });
		expect(mirrored.body.data).toHaveLength(1);
	});

	it("shows the customer's own invoices and card in the sandbox's billing portal", async () => {
		const portal = await api<{ data: { url: string } }>('POST', '/stripe/create-billing-portal-session', { token: alice.token, body: {} });
		expect(portal.status).toBe(200);
		expect(portal.body.data.url).toMatch(/\/billing-portal\?return_url=/);
		const page = await api<{ data: SandboxPortal }>('GET', '/stripe/sandbox/portal', { token: alice.token });
		expect(page.body.data.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
		expect(page.body.data.invoices).toHaveLength(1);
		expect(page.body.data.invoices[0]).toMatchObject({ amount: 39, status: 'paid', plan_name: 'Pro' });
	});

	it('lists the payment and mails its receipt, to its customer only', async () => {
		const [invoice] = (await api<{ data: SandboxPortal }>('GET', '/stripe/sandbox/portal', { token: alice.token })).body.data.invoices;
		const payments = await api<{ data: Payment[] }>('GET', '/stripe/payments', { token: alice.token });
		expect(payments.status).toBe(200);
		expect(payments.body.data).toEqual([
			{
				id: invoice!.id,
				date: invoice!.date,
				amount: 39,
				currency: 'usd',
				description: 'Pro (monthly)',
				period_start: invoice!.period_start,
				period_end: invoice!.period_end,
			},
		]);
		expect((await api<Data<Payment[]>>('GET', '/stripe/payments', { token: bob.token })).body.data).toEqual([]);
		expect((await api('GET', '/stripe/payments')).status).toBe(401);

		const receipt = await waitForEmail(alice.email, /^Receipt for your payment of /);
		expect(receipt.subject).toBe('Receipt for your payment of $39.00');
		// Sent under the product's name (migration 20990102H), as every platform email.
		expect(receipt.from[0]?.name).toBe('Epic CMS');
		expect(receipt.text).toContain('For: Pro (monthly)');
		expect(receipt.text).toContain(`Receipt number: ${invoice!.id}`);
	});

	it('cancels at the period end and reactivates', async () => {
		const canceled = await api<{ data: Subscription }>('POST', '/stripe/subscription/cancel', { token: alice.token });
		expect(canceled.status).toBe(200);
		expect(canceled.body.data).toMatchObject({ status: 'active', cancel_at_period_end: true });
		const notice = await waitForEmail(alice.email, /^Your Pro subscription ends on /);
		expect(notice.html).toContain('will not renew');
		const twice = await api('POST', '/stripe/subscription/cancel', { token: alice.token });
		expect(twice.status).toBe(409);
		const reactivated = await api<{ data: Subscription }>('POST', '/stripe/subscription/reactivate', { token: alice.token });
		expect(reactivated.status).toBe(200);
		expect(reactivated.body.data.cancel_at_period_end).toBe(false);
	});

	it('changes the plan in place and refuses a downgrade below the projects the customer has', async () => {
		const made: string[] = [];
		for (const name of ['one', 'two']) {
			const project = await api<Data<{ id: string }>>('POST', '/items/projects', {
				token: admin,
				body: { owner: alice.id, name, subdomain: `alice-${name}-${alice.id.slice(0, 6)}` },
			});
			expect(project.status).toBe(200);
			made.push(project.body.data.id);
		}
		const refused = await api<ApiError>('POST', '/stripe/create-checkout-session', { token: alice.token, body: { plan_id: 'starter', period: 'monthly' } });
		expect(refused.status).toBe(409);
		expect(refused.body.errors[0]).toMatchObject({ extensions: { code: 'PROJECT_LIMIT_EXCEEDED' } });
		expect(refused.body.errors[0].message).toMatch(/delete 1 project first/);
		expect((await subscriptionOf(alice)).body.data.plan.id).toBe('pro');

		for (const id of made) expect((await api('DELETE', `/items/projects/${id}`, { token: admin })).status).toBe(204);
		const changed = await api<{ data: CheckoutSessionCreated }>('POST', '/stripe/create-checkout-session', {
			token: alice.token,
			body: { plan_id: 'business', period: 'yearly' },
		});
		expect(changed.status).toBe(200);
		expect(changed.body.data).toMatchObject({ kind: 'changed', subscription: { plan: { id: 'business' }, period: 'yearly', status: 'active' } });
		const mirrored = await api<Data<unknown[]>>('GET', `/items/user_subscriptions?filter[user][_eq]=${alice.id}`, { token: admin });
		expect(mirrored.body.data).toHaveLength(1);
	});

	it('ends a cancelled subscription when the clock passes its period', async () => {
		expect((await api('POST', '/stripe/subscription/cancel', { token: alice.token })).status).toBe(200);
		expect((await api('POST', '/stripe/sandbox/advance-clock', { token: alice.token, body: { days: 1 } })).status).toBe(403);
		const outcome = await advanceClock(370);
		expect(outcome.renewals.ended).toBeGreaterThanOrEqual(1);
		expect((await subscriptionOf(alice)).status).toBe(404);
		const mirrored = await api<Data<{ status: string }[]>>('GET', `/items/user_subscriptions?filter[user][_eq]=${alice.id}&fields=status`, { token: admin });
		expect(mirrored.body.data).toEqual([{ status: 'canceled' }]);
		await waitForEmail(alice.email, /^Your Business subscription has ended$/);

		// An ended subscription never comes back by itself, however far the clock moves.
		const invoices = (await api<{ data: SandboxPortal }>('GET', '/stripe/sandbox/portal', { token: alice.token })).body.data.invoices.length;
		await advanceClock(40);
		expect((await subscriptionOf(alice)).status).toBe(404);
		expect((await mirroredRows(alice)).map((row: { status: string }) => row.status)).toEqual(['canceled']);
		expect((await api<{ data: SandboxPortal }>('GET', '/stripe/sandbox/portal', { token: alice.token })).body.data.invoices).toHaveLength(invoices);
	});

	it('turns a card that fails at renewal into past_due, then unpaid after the grace period', async () => {
		const carol = await registerVerifiedCustomer('carol-pay');
		// Carol reads Spanish: her billing emails are written in it.
		expect((await api('PATCH', `/users/${carol.id}`, { token: admin, body: { language: 'es-ES' } })).status).toBe(200);
		const session = await startCheckout(carol, 'starter', 'monthly');
		const paid = await api('POST', '/stripe/sandbox/confirm', { token: carol.token, body: { session_id: session, ...card('4000000000000341') } });
		expect(paid.status).toBe(200);
		expect((await subscriptionOf(carol)).body.data.status).toBe('active');

		await advanceClock(32);
		const pastDue = await subscriptionOf(carol);
		expect(pastDue.status).toBe(200);
		expect(pastDue.body.data.status).toBe('past_due');
		const portal = await api<{ data: SandboxPortal }>('GET', '/stripe/sandbox/portal', { token: carol.token });
		expect(portal.body.data.invoices.map((invoice) => invoice.status)).toEqual(['failed', 'paid']);
		const failed = await waitForEmail(carol.email, /^No se pudo cobrar tu suscripción Inicial$/);
		expect(failed.html).toContain('/payments');

		await advanceClock(8);
		expect((await subscriptionOf(carol)).status).toBe(404);
		const mirrored = await api<Data<{ status: string }[]>>('GET', `/items/user_subscriptions?filter[user][_eq]=${carol.id}&fields=status`, { token: admin });
		expect(mirrored.body.data).toEqual([{ status: 'unpaid' }]);
		await waitForEmail(carol.email, /^Tu suscripción Inicial ha terminado$/);
	});

	it('takes no webhook: the sandbox announces its events in-process', async () => {
		const posted = await api<ApiError>('POST', '/stripe/webhook', { body: { id: 'evt_forged', type: 'customer.subscription.deleted' } });
		expect(posted.status).toBe(400);
		expect(posted.body.errors[0].extensions.code).toBe('INVALID_SIGNATURE');
		const stored = await api<Data<unknown[]>>('GET', '/items/billing_events?filter[id][_eq]=evt_forged', { token: admin });
		expect(stored.body.data).toEqual([]);
	});
});
