/**
 * What each test starts from: the local Stripe, a verifying webhook endpoint it delivers to, the
 * official client pointed at it; and the steps most tests share (a catalog, a paying subscriber),
 * each checked as it is taken so a later assertion never rests on a step that silently failed.
 */
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { StripeTestServer } from '../support/stripe-server/index.ts';
import { WebhookReceiver } from './webhook-receiver.ts';

export const WEBHOOK_SECRET = 'whsec_local_stripe_server_tests';
export const DAY_MS = 86_400_000;

export interface Harness {
	server: StripeTestServer;
	stripe: Stripe;
	receiver: WebhookReceiver;
	close(): Promise<void>;
}

/** Starts at a fixed instant (2026-01-31 12:00 UTC) so period arithmetic is checkable. */
export const START_MS = Date.UTC(2026, 0, 31, 12, 0, 0);

export async function startHarness(options: { clock?: () => number } = {}): Promise<Harness> {
	const receiver = await WebhookReceiver.start(WEBHOOK_SECRET);
	const server = await StripeTestServer.start({ webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET, clock: options.clock ?? (() => START_MS) });
	return {
		server,
		stripe: server.stripeClient('sk_test_harness'),
		receiver,
		async close() {
			await server.close();
			await receiver.close();
		},
	};
}

export interface Catalog {
	product: Stripe.Product;
	monthly: Stripe.Price;
	yearly: Stripe.Price;
	team: Stripe.Price;
}

/** Pro at $10/month or $100/year, Team at $30/month. */
export async function createCatalog(stripe: Stripe): Promise<Catalog> {
	const product = await stripe.products.create({ name: 'Pro', metadata: { plan_id: 'pro' } });
	const teamProduct = await stripe.products.create({ name: 'Team', metadata: { plan_id: 'team' } });
	const monthly = await stripe.prices.create({ product: product.id, unit_amount: 1000, currency: 'usd', recurring: { interval: 'month' }, lookup_key: 'pro_monthly' });
	const yearly = await stripe.prices.create({ product: product.id, unit_amount: 10000, currency: 'usd', recurring: { interval: 'year' }, lookup_key: 'pro_yearly' });
	const team = await stripe.prices.create({ product: teamProduct.id, unit_amount: 3000, currency: 'usd', recurring: { interval: 'month' }, lookup_key: 'team_monthly' });
	expect([product.id, teamProduct.id]).toEqual([expect.stringMatching(/^prod_/), expect.stringMatching(/^prod_/)]);
	expect([monthly.unit_amount, yearly.unit_amount, team.unit_amount]).toEqual([1000, 10000, 3000]);
	return { product, monthly, yearly, team };
}

export interface Subscriber {
	customer: Stripe.Customer;
	session: Stripe.Checkout.Session;
	subscription: Stripe.Subscription;
}

/** A customer checks out `price` and pays; returns the subscription as the API shows it. */
export async function subscribe(harness: Harness, price: Stripe.Price, card: 'succeeds' | 'fails_at_renewal' = 'succeeds'): Promise<Subscriber> {
	const { server, stripe } = harness;
	const customer = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada' });
	const session = await stripe.checkout.sessions.create({
		mode: 'subscription',
		ui_mode: 'embedded_page',
		customer: customer.id,
		line_items: [{ price: price.id, quantity: 1 }],
		return_url: 'https://portal.example/billing?session_id={CHECKOUT_SESSION_ID}',
		subscription_data: { metadata: { project: 'p1' } },
	});
	expect(session.status).toBe('open');
	await server.completeCheckout(session.id, { card });
	const completed = await stripe.checkout.sessions.retrieve(session.id);
	expect(completed.status).toBe('complete');
	expect(completed.subscription).toMatch(/^sub_/);
	const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
	expect(subscription.status).toBe('active');
	return { customer, session: completed, subscription };
}

/** The one item's period, where this API version keeps it. */
export function periodOf(subscription: Stripe.Subscription): { start: number; end: number } {
	const item = subscription.items.data[0];
	if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
	return { start: item.current_period_start, end: item.current_period_end };
}

export const seconds = (ms: number) => Math.floor(ms / 1000);
