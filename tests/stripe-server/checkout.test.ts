/**
 * A subscription bought through embedded checkout: the session, the customer paying (the test
 * control), the subscription and invoice it leaves, and the webhooks, each verified by a receiver
 * with the official library's `constructEvent`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalog, DAY_MS, type Harness, periodOf, seconds, START_MS, startHarness, subscribe } from './harness.ts';

let harness: Harness;

beforeEach(async () => {
	harness = await startHarness();
});

afterEach(async () => {
	await harness.close();
});

describe('checkout', () => {
	it('opens an embedded session with a client secret and the id in its return URL', async () => {
		const { stripe } = harness;
		const { monthly } = await createCatalog(stripe);
		const customer = await stripe.customers.create({ email: 'ada@example.com' });
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			ui_mode: 'embedded_page',
			customer: customer.id,
			client_reference_id: 'user-1',
			line_items: [{ price: monthly.id, quantity: 1 }],
			return_url: 'https://portal.example/billing?session_id={CHECKOUT_SESSION_ID}',
			metadata: { plan_id: 'pro' },
		});
		expect(session.id).toMatch(/^cs_test_/);
		expect(session.client_secret).toMatch(new RegExp(`^${session.id}_secret_`));
		expect(session.return_url).toBe(`https://portal.example/billing?session_id=${session.id}`);
		expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', subscription: null, livemode: false });
		expect(session).toMatchObject({ customer: customer.id, client_reference_id: 'user-1', amount_total: 1000, currency: 'usd', metadata: { plan_id: 'pro' } });
		expect(session.customer_details?.email).toBe('ada@example.com');
		expect(session.created).toBe(seconds(START_MS));

		const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
		expect(withItems.line_items?.data.map((item) => [item.price?.id, item.quantity])).toEqual([[monthly.id, 1]]);
	});

	it('accepts the older ui_mode name, embedded', async () => {
		const { stripe } = harness;
		const { monthly } = await createCatalog(stripe);
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			ui_mode: 'embedded',
			line_items: [{ price: monthly.id, quantity: 1 }],
			return_url: 'https://portal.example/return',
		});
		expect(session.ui_mode).toBe('embedded');
		expect(session.client_secret).toBeTruthy();
	});

	it('completing it starts an active subscription with a paid invoice and announces both, signed', async () => {
		const { server, stripe, receiver } = harness;
		const { monthly } = await createCatalog(stripe);
		const { customer, session, subscription } = await subscribe(harness, monthly);

		expect(subscription).toMatchObject({
			object: 'subscription',
			status: 'active',
			customer: customer.id,
			cancel_at_period_end: false,
			metadata: { project: 'p1' },
			livemode: false,
		});
		expect(subscription.items.data[0]?.price.id).toBe(monthly.id);
		// Started 31 January: the month ends on the last day of February.
		expect(periodOf(subscription)).toEqual({ start: seconds(START_MS), end: seconds(Date.UTC(2026, 1, 28, 12)) });
		expect(session.customer_details?.email).toBe('ada@example.com');

		const invoices = await stripe.invoices.list({ subscription: subscription.id });
		expect(invoices.data).toHaveLength(1);
		expect(invoices.data[0]).toMatchObject({ status: 'paid', amount_paid: 1000, total: 1000, billing_reason: 'subscription_create', customer: customer.id });
		expect(invoices.data[0]?.lines.data[0]?.period).toEqual(periodOf(subscription));
		expect(subscription.latest_invoice).toBe(invoices.data[0]?.id);

		const billingEvents = receiver.types().filter((type) => !/^(product|price|customer)\.(created|updated)$/.test(type));
		expect(billingEvents).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
		expect(receiver.rejections).toEqual([]);
		const completed = receiver.events.find((event) => event.type === 'checkout.session.completed');
		expect(completed?.data.object).toMatchObject({ id: session.id, status: 'complete', subscription: subscription.id });
		// Everything the server announced arrived, verified, in order, and every delivery was answered 200.
		expect(receiver.events.map((event) => event.id)).toEqual(server.events().map((event) => event.id));
		expect(server.deliveries().map((delivery) => delivery.status)).toEqual(server.events().map(() => 200));
	});

	it('expands the subscription on the session, and ids along a path on the subscription', async () => {
		const { stripe } = harness;
		const { monthly } = await createCatalog(stripe);
		const { session, subscription } = await subscribe(harness, monthly);
		const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
		expect(typeof expanded.subscription).toBe('object');
		expect((expanded.subscription as { id: string; status: string }).id).toBe(subscription.id);
		expect((expanded.subscription as { status: string }).status).toBe('active');

		const deep = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice', 'customer', 'default_payment_method', 'items.data.price.product'] });
		expect(deep.latest_invoice).toMatchObject({ object: 'invoice', status: 'paid' });
		expect(deep.customer).toMatchObject({ object: 'customer', email: 'ada@example.com' });
		expect(deep.default_payment_method).toMatchObject({ object: 'payment_method', card: { last4: '4242' } });
		expect(deep.items.data[0]?.price.product).toMatchObject({ object: 'product', name: 'Pro' });
		await expect(stripe.subscriptions.retrieve(subscription.id, { expand: ['status'] })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expand' });
	});

	it('creates the customer when the session had none, from the email typed at checkout', async () => {
		const { server, stripe, receiver } = harness;
		const { monthly } = await createCatalog(stripe);
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			ui_mode: 'embedded_page',
			line_items: [{ price: monthly.id, quantity: 2 }],
			return_url: 'https://portal.example/return',
		});
		expect(session.customer).toBeNull();
		await server.completeCheckout(session.id, { email: 'grace@example.com' });
		const completed = await stripe.checkout.sessions.retrieve(session.id);
		expect(completed.customer).toMatch(/^cus_/);
		expect(completed.customer_details?.email).toBe('grace@example.com');
		const customer = await stripe.customers.retrieve(completed.customer as string);
		expect((customer as { email: string }).email).toBe('grace@example.com');
		const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
		expect(subscription.items.data[0]?.quantity).toBe(2);
		const [invoice] = (await stripe.invoices.list({ customer: completed.customer as string })).data;
		expect(invoice?.amount_paid).toBe(2000);
		expect(receiver.types().slice(-4)).toEqual(['customer.created', 'checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
	});

	it('cannot be completed twice, and expires unpaid after a day', async () => {
		const { server, stripe, receiver } = harness;
		const { monthly } = await createCatalog(stripe);
		const { session } = await subscribe(harness, monthly);
		await expect(server.completeCheckout(session.id)).rejects.toThrow(/is complete, not open/);

		const unpaid = await stripe.checkout.sessions.create({
			mode: 'subscription',
			ui_mode: 'embedded_page',
			line_items: [{ price: monthly.id, quantity: 1 }],
			return_url: 'https://portal.example/return',
		});
		await server.advanceTime(DAY_MS - 1000);
		expect((await stripe.checkout.sessions.retrieve(unpaid.id)).status).toBe('open');
		await server.advanceTime(1000);
		expect((await stripe.checkout.sessions.retrieve(unpaid.id)).status).toBe('expired');
		expect(receiver.types().at(-1)).toBe('checkout.session.expired');
		await expect(server.completeCheckout(unpaid.id)).rejects.toThrow(/is expired, not open/);
	});

	it('opens a billing portal session whose page links back', async () => {
		const { stripe, receiver } = harness;
		const { monthly } = await createCatalog(stripe);
		const { customer } = await subscribe(harness, monthly);
		const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'https://portal.example/billing' });
		expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: 'https://portal.example/billing' });
		expect(portal.id).toMatch(/^bps_/);
		const page = await fetch(portal.url);
		expect(page.status).toBe(200);
		const html = await page.text();
		expect(html).toContain('ada@example.com');
		expect(html).toContain('href="https://portal.example/billing"');
		await harness.server.webhooksDelivered();
		expect(receiver.types().at(-1)).toBe('billing_portal.session.created');
	});
});
