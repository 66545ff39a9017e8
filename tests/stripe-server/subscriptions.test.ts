/**
 * A subscription's life after checkout, through the official client and the clock: renewals,
 * plan changes with proration, cancellation at period end and now, a card that fails at renewal.
 * The subscriber starts on 31 January 2026 at 12:00 UTC on Pro monthly ($10); periods end on the
 * 28th of February, then the 31st of March.
 */
import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Catalog, createCatalog, DAY_MS, type Harness, periodOf, seconds, startHarness, subscribe, type Subscriber } from './harness.ts';

const FEB_28 = seconds(Date.UTC(2026, 1, 28, 12));
const MAR_31 = seconds(Date.UTC(2026, 2, 31, 12));
const APR_30 = seconds(Date.UTC(2026, 3, 30, 12));

let harness: Harness;
let catalog: Catalog;

beforeEach(async () => {
	harness = await startHarness();
	catalog = await createCatalog(harness.stripe);
});

afterEach(async () => {
	await harness.close();
});

/** The events the receiver verified since `count` were there, as type names. */
function typesSince(count: number): string[] {
	return harness.receiver.types().slice(count);
}

async function invoicesOf(subscriber: Subscriber): Promise<Stripe.Invoice[]> {
	return (await harness.stripe.invoices.list({ subscription: subscriber.subscription.id })).data;
}

describe('renewal', () => {
	it('renews at each period end with a paid invoice, announced at that instant', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		const before = harness.receiver.events.length;

		await server.advanceTime(60 * DAY_MS);

		const subscription = await stripe.subscriptions.retrieve(subscriber.subscription.id);
		expect(subscription.status).toBe('active');
		expect(periodOf(subscription)).toEqual({ start: MAR_31, end: APR_30 });
		const invoices = await invoicesOf(subscriber);
		expect(invoices.map((invoice) => [invoice.billing_reason, invoice.status, invoice.amount_paid])).toEqual([
			['subscription_cycle', 'paid', 1000],
			['subscription_cycle', 'paid', 1000],
			['subscription_create', 'paid', 1000],
		]);
		expect(invoices[0]?.lines.data[0]?.period).toEqual({ start: MAR_31, end: APR_30 });
		expect(subscription.latest_invoice).toBe(invoices[0]?.id);
		const renewals = harness.receiver.events.slice(before);
		expect(renewals.map((event) => [event.type, event.created])).toEqual([
			['invoice.paid', FEB_28],
			['customer.subscription.updated', FEB_28],
			['invoice.paid', MAR_31],
			['customer.subscription.updated', MAR_31],
		]);
		expect(renewals[1]?.data.previous_attributes).toHaveProperty('current_period_end');
	});
});

describe('plan change', () => {
	it('invoices the prorated difference at once with always_invoice', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		// 7 of the period's 28 days used: 3/4 remain.
		await server.advanceTime(7 * DAY_MS);
		const before = harness.receiver.events.length;
		const item = subscriber.subscription.items.data[0]!;

		const changed = await stripe.subscriptions.update(subscriber.subscription.id, {
			items: [{ id: item.id, price: catalog.team.id }],
			proration_behavior: 'always_invoice',
		});
		await server.webhooksDelivered();

		expect(changed.items.data[0]?.price.id).toBe(catalog.team.id);
		expect(periodOf(changed)).toEqual(periodOf(subscriber.subscription));
		const [invoice] = await invoicesOf(subscriber);
		expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', total: 1500, amount_paid: 1500 });
		expect(invoice?.lines.data.map((line) => [line.amount, line.parent?.subscription_item_details?.proration])).toEqual([
			[-750, true],
			[2250, true],
		]);
		expect(changed.latest_invoice).toBe(invoice?.id);
		expect(typesSince(before)).toEqual(['customer.subscription.updated', 'invoice.paid']);
		const updated = harness.receiver.events[before]!;
		expect((updated.data.previous_attributes as { items: Stripe.ApiList<Stripe.SubscriptionItem> }).items.data[0]?.price.id).toBe(catalog.monthly.id);
	});

	it('bills prorations on the next renewal with create_prorations (the default)', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		await server.advanceTime(7 * DAY_MS);
		const item = subscriber.subscription.items.data[0]!;
		await stripe.subscriptions.update(subscriber.subscription.id, { items: [{ id: item.id, price: catalog.team.id }] });
		expect(await invoicesOf(subscriber)).toHaveLength(1);

		await server.advanceTime(21 * DAY_MS);

		const [renewal] = await invoicesOf(subscriber);
		expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', total: 4500 });
		expect(renewal?.lines.data.map((line) => line.amount)).toEqual([-750, 2250, 3000]);
	});

	it('restarts the cycle and invoices at once when the interval changes', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		await server.advanceTime(7 * DAY_MS);
		const now = server.now();
		const item = subscriber.subscription.items.data[0]!;

		const changed = await stripe.subscriptions.update(subscriber.subscription.id, {
			items: [{ id: item.id, price: catalog.yearly.id }],
			proration_behavior: 'create_prorations',
		});

		expect(periodOf(changed)).toEqual({ start: now, end: seconds(Date.UTC(2027, 1, 7, 12)) });
		const [invoice] = await invoicesOf(subscriber);
		expect(invoice?.lines.data.map((line) => line.amount)).toEqual([-750, 10000]);
		expect(invoice).toMatchObject({ total: 9250, status: 'paid', billing_reason: 'subscription_update' });
	});

	it('gives a downgrade credit that the next invoice uses', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.team);
		await server.advanceTime(14 * DAY_MS);
		const item = subscriber.subscription.items.data[0]!;
		await stripe.subscriptions.update(subscriber.subscription.id, { items: [{ id: item.id, price: catalog.monthly.id }], proration_behavior: 'always_invoice' });
		const [downgrade] = await invoicesOf(subscriber);
		expect(downgrade).toMatchObject({ total: -1000, amount_due: 0, ending_balance: -1000 });
		expect((await stripe.customers.retrieve(subscriber.customer.id)) as Stripe.Customer).toMatchObject({ balance: -1000 });

		await server.advanceTime(14 * DAY_MS);
		const [renewal] = await invoicesOf(subscriber);
		expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: 1000, starting_balance: -1000, amount_due: 0, status: 'paid' });
	});

	it('updates metadata with one updated event and refuses an unknown item', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		const before = harness.receiver.events.length;
		const updated = await stripe.subscriptions.update(subscriber.subscription.id, { metadata: { plan_id: 'pro' } });
		expect(updated.metadata).toEqual({ project: 'p1', plan_id: 'pro' });
		await expect(stripe.subscriptions.update(subscriber.subscription.id, { items: [{ id: 'si_missing', price: catalog.team.id }] })).rejects.toMatchObject({
			type: 'StripeInvalidRequestError',
			code: 'resource_missing',
			param: 'items[0][id]',
		});
		await server.webhooksDelivered();
		expect(typesSince(before)).toEqual(['customer.subscription.updated']);
		expect((await stripe.subscriptions.retrieve(subscriber.subscription.id)).items.data[0]?.price.id).toBe(catalog.monthly.id);
	});
});

describe('cancellation', () => {
	it('cancels at period end: active until then, canceled after', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		const before = harness.receiver.events.length;

		const scheduled = await stripe.subscriptions.update(subscriber.subscription.id, { cancel_at_period_end: true });
		await server.webhooksDelivered();
		expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: FEB_28 });
		expect(typesSince(before)).toEqual(['customer.subscription.updated']);
		expect(harness.receiver.events.at(-1)?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

		await server.advanceTime((FEB_28 - server.now() - 1) * 1000);
		expect((await stripe.subscriptions.retrieve(subscriber.subscription.id)).status).toBe('active');
		await server.advanceTime(1000);

		const ended = await stripe.subscriptions.retrieve(subscriber.subscription.id);
		expect(ended).toMatchObject({ status: 'canceled', ended_at: FEB_28 });
		expect(typesSince(before)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
		expect(await invoicesOf(subscriber)).toHaveLength(1);
		expect((await stripe.subscriptions.list({ customer: subscriber.customer.id })).data).toEqual([]);
		expect((await stripe.subscriptions.list({ customer: subscriber.customer.id, status: 'all' })).data.map((subscription) => subscription.id)).toEqual([
			subscriber.subscription.id,
		]);
	});

	it('renews as usual when the cancellation is withdrawn in time', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		await stripe.subscriptions.update(subscriber.subscription.id, { cancel_at_period_end: true });
		const withdrawn = await stripe.subscriptions.update(subscriber.subscription.id, { cancel_at_period_end: false });
		expect(withdrawn).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });

		await server.advanceTime(30 * DAY_MS);

		const renewed = await stripe.subscriptions.retrieve(subscriber.subscription.id);
		expect(renewed.status).toBe('active');
		expect(periodOf(renewed)).toEqual({ start: FEB_28, end: MAR_31 });
		expect(await invoicesOf(subscriber)).toHaveLength(2);
	});

	it('cancels now, after which the subscription only takes metadata', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		await server.advanceTime(DAY_MS);
		const before = harness.receiver.events.length;

		const canceled = await stripe.subscriptions.cancel(subscriber.subscription.id);
		await server.webhooksDelivered();

		expect(canceled).toMatchObject({ status: 'canceled', canceled_at: server.now(), ended_at: server.now() });
		expect(typesSince(before)).toEqual(['customer.subscription.deleted']);
		await expect(stripe.subscriptions.update(subscriber.subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
		await expect(stripe.subscriptions.cancel(subscriber.subscription.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
		expect((await stripe.subscriptions.update(subscriber.subscription.id, { metadata: { note: 'gone' } })).metadata).toMatchObject({ note: 'gone' });
	});
});

describe('a card that fails at renewal', () => {
	it('pays the checkout, then leaves the subscription past_due with an open invoice', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly, 'fails_at_renewal');
		expect((await invoicesOf(subscriber))[0]?.status).toBe('paid');
		const before = harness.receiver.events.length;

		await server.advanceTime(28 * DAY_MS);

		const subscription = await stripe.subscriptions.retrieve(subscriber.subscription.id);
		expect(subscription.status).toBe('past_due');
		const [renewal] = await invoicesOf(subscriber);
		expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'open', amount_due: 1000, amount_paid: 0, amount_remaining: 1000, attempted: true });
		expect(typesSince(before)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
		expect(harness.receiver.events.at(-1)?.data.previous_attributes).toMatchObject({ status: 'active' });

		const recovered = await server.recoverPayment(subscriber.subscription.id);
		expect(recovered.status).toBe('active');
		expect((await stripe.invoices.retrieve(renewal!.id)).status).toBe('paid');
		expect(typesSince(before)).toEqual(['invoice.payment_failed', 'customer.subscription.updated', 'invoice.paid', 'customer.subscription.updated']);
	});
});

describe('a plan change that waits for its payment (pending_if_incomplete)', () => {
	it('keeps the item while the invoice is unpaid, shows the pending update, and applies it once paid', async () => {
		const { server, stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly, 'fails_at_renewal');
		await server.advanceTime(7 * DAY_MS);
		const item = subscriber.subscription.items.data[0]!;
		const before = harness.receiver.events.length;

		const pending = await stripe.subscriptions.update(subscriber.subscription.id, {
			items: [{ id: item.id, price: catalog.team.id }],
			proration_behavior: 'always_invoice',
			payment_behavior: 'pending_if_incomplete',
		});
		await server.webhooksDelivered();

		expect(pending.items.data[0]?.price.id).toBe(catalog.monthly.id);
		expect(pending.status).toBe('active');
		expect(pending.pending_update?.subscription_items?.[0]?.price.id).toBe(catalog.team.id);
		const [invoice] = await invoicesOf(subscriber);
		expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'open', amount_due: 1500 });
		expect(typesSince(before)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);

		const recovered = await server.recoverPayment(subscriber.subscription.id);
		expect(recovered.items.data[0]?.price.id).toBe(catalog.team.id);
		expect(recovered.pending_update).toBeNull();
		expect((await stripe.invoices.retrieve(invoice!.id)).status).toBe('paid');
	});

	it('refuses the parameters a pending update cannot carry', async () => {
		const { stripe } = harness;
		const subscriber = await subscribe(harness, catalog.monthly);
		const item = subscriber.subscription.items.data[0]!;
		await expect(
			stripe.subscriptions.update(subscriber.subscription.id, {
				items: [{ id: item.id, price: catalog.team.id }],
				payment_behavior: 'pending_if_incomplete',
				metadata: { plan_id: 'team' },
			}),
		).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'metadata' });
	});
});
