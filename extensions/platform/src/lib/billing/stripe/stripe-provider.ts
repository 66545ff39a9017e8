/**
 * The Stripe provider, through the official library. Every POST carries an idempotency key, so the
 * library's own retries never charge or create twice. Our plan id and period travel in each
 * price's metadata (and the checkout's subscription metadata); the period is also read back from
 * the price's recurring interval.
 */
import { randomUUID } from 'node:crypto';
import type { BillingPeriod, SubscriptionStatus } from '@epic/platform-api';
import Stripe from 'stripe';
import { PlanChangeUnpaidError, PlanNotAvailableError, WebhookSignatureError } from '../../errors.ts';
import type { PlanRow } from '../../plans/plan.ts';
import type { PlatformConfig } from '../../platform-config.ts';
import type { BillingProvider, CheckoutRequest, ProviderCheckoutSession, ProviderEvent, ProviderPayment, ProviderSubscription } from '../billing-provider.ts';
import { stripeClientOptions } from '@epic/stripe-client';

/** Stripe refuses events signed longer ago than this (its own default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const PRICE_ID_FIELD: Record<BillingPeriod, keyof PlanRow> = {
	monthly: 'stripe_price_id_monthly',
	quarterly: 'stripe_price_id_quarterly',
	yearly: 'stripe_price_id_yearly',
};

export function stripePriceId(plan: PlanRow, period: BillingPeriod): string {
	const priceId = plan[PRICE_ID_FIELD[period]];
	if (typeof priceId !== 'string' || !priceId) throw new PlanNotAvailableError({ plan: plan.id, period });
	return priceId;
}

function isMissing(error: unknown): boolean {
	return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

const idempotent = () => ({ idempotencyKey: randomUUID() });

/** Stripe's statuses folded into ours: an expired first payment is a subscription that never started. */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
	switch (status) {
		case 'incomplete_expired':
			return 'canceled';
		case 'paused':
			return 'unpaid';
		default:
			return status as SubscriptionStatus;
	}
}

function periodOf(price: Stripe.Price | null | undefined, fallback: string | undefined): BillingPeriod {
	const recurring = price?.recurring;
	if (recurring?.interval === 'year') return 'yearly';
	if (recurring?.interval === 'month' && recurring.interval_count === 3) return 'quarterly';
	if (recurring?.interval === 'month') return 'monthly';
	return fallback === 'quarterly' || fallback === 'yearly' ? fallback : 'monthly';
}

const fromSeconds = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
	const item = subscription.items.data[0];
	// Since API version 2025-03 the billing period lives on the items.
	const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
	return {
		id: subscription.id,
		customerId: idOf(subscription.customer) ?? '',
		status: statusOf(subscription.status),
		// The price first: a plan change moves the item's price, and the metadata set at checkout stays.
		planId: item?.price.metadata['plan_id'] ?? subscription.metadata['plan_id'] ?? null,
		period: periodOf(item?.price, subscription.metadata['period']),
		currentPeriodStart: fromSeconds(item?.current_period_start ?? legacy.current_period_start),
		currentPeriodEnd: fromSeconds(item?.current_period_end ?? legacy.current_period_end),
		cancelAtPeriodEnd: subscription.cancel_at_period_end,
	};
}

/** A paid Stripe invoice as a payment; null for one not paid. */
export function toProviderPayment(invoice: Stripe.Invoice): ProviderPayment | null {
	const paidAt = fromSeconds(invoice.status_transitions?.paid_at);
	if (invoice.status !== 'paid' || !paidAt) return null;
	const line = invoice.lines.data[0];
	return {
		id: invoice.id ?? '',
		customerId: idOf(invoice.customer) ?? '',
		amountCents: invoice.amount_paid,
		currency: invoice.currency,
		paidAt,
		description: line?.description ?? null,
		periodStart: fromSeconds(line?.period?.start ?? invoice.period_start),
		periodEnd: fromSeconds(line?.period?.end ?? invoice.period_end),
	};
}

/** The subscription an event concerns, wherever this event type keeps it. */
function subscriptionIdOf(object: Record<string, unknown>): string | null {
	if (object['object'] === 'subscription') return String(object['id']);
	const direct = idOf(object['subscription'] as string | { id: string } | null | undefined);
	if (direct) return direct;
	const parent = object['parent'] as { subscription_details?: { subscription?: string | { id: string } } } | null | undefined;
	return idOf(parent?.subscription_details?.subscription);
}

export class StripeProvider implements BillingProvider {
	readonly name = 'stripe' as const;
	readonly #stripe: Stripe;
	readonly #webhookSecret: string;

	constructor(stripe: Stripe, webhookSecret: string) {
		this.#stripe = stripe;
		this.#webhookSecret = webhookSecret;
	}

	async createCustomer(user: { id: string; email: string; name: string | null }): Promise<string> {
		const customer = await this.#stripe.customers.create(
			{ email: user.email, ...(user.name ? { name: user.name } : {}), metadata: { user_id: user.id } },
			// One customer per user even when two first checkouts race.
			{ idempotencyKey: `customer-${user.id}` },
		);
		return customer.id;
	}

	async createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; clientSecret: string }> {
		const metadata = { plan_id: request.plan.id, period: request.period, user_id: request.userId };
		const session = await this.#stripe.checkout.sessions.create(
			{
				mode: 'subscription',
				ui_mode: 'embedded_page',
				customer: request.customerId,
				client_reference_id: request.userId,
				line_items: [{ price: stripePriceId(request.plan, request.period), quantity: 1 }],
				return_url: request.returnUrl,
				subscription_data: { metadata },
				metadata,
			},
			idempotent(),
		);
		if (!session.client_secret) throw new Error('Stripe returned a checkout session without a client secret');
		return { id: session.id, clientSecret: session.client_secret };
	}

	async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
		try {
			const session = await this.#stripe.checkout.sessions.retrieve(id);
			return {
				id: session.id,
				status: session.status === 'complete' ? 'complete' : session.status === 'open' ? 'open' : 'expired',
				customerId: idOf(session.customer),
				customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
				subscriptionId: idOf(session.subscription),
				planId: session.metadata?.['plan_id'] ?? '',
				period: periodOf(null, session.metadata?.['period']),
				amountCents: session.amount_total ?? 0,
			};
		} catch (error) {
			if (isMissing(error)) return null;
			throw error;
		}
	}

	async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
		const session = await this.#stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }, idempotent());
		return session.url;
	}

	async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
		try {
			return toProviderSubscription(await this.#stripe.subscriptions.retrieve(id));
		} catch (error) {
			if (isMissing(error)) return null;
			throw error;
		}
	}

	async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
		return toProviderSubscription(await this.#stripe.subscriptions.update(id, { cancel_at_period_end: cancel }, idempotent()));
	}

	/**
	 * The difference is charged at once (`always_invoice`), and the new plan applies only once that
	 * invoice is paid (`pending_if_incomplete`): with prorations left for the next invoice, an
	 * upgrade then a cancellation at the period's end had the upper plan's limits for free. A
	 * pending update takes items and proration only, so undoing a cancellation is a request of its
	 * own, and the plan is read from the price (toProviderSubscription), not from metadata.
	 */
	async changePlan(id: string, plan: PlanRow, period: BillingPeriod): Promise<ProviderSubscription> {
		const current = await this.#stripe.subscriptions.retrieve(id);
		const item = current.items.data[0];
		if (!item) throw new Error(`Stripe subscription ${id} has no item to change`);
		if (current.cancel_at_period_end) await this.#stripe.subscriptions.update(id, { cancel_at_period_end: false }, idempotent());
		const updated = await this.#stripe.subscriptions.update(
			id,
			{
				items: [{ id: item.id, price: stripePriceId(plan, period) }],
				proration_behavior: 'always_invoice',
				payment_behavior: 'pending_if_incomplete',
			},
			idempotent(),
		);
		if (updated.pending_update) throw new PlanChangeUnpaidError();
		return toProviderSubscription(updated);
	}

	async cancelNow(id: string): Promise<void> {
		try {
			await this.#stripe.subscriptions.cancel(id, {}, idempotent());
		} catch (error) {
			if (!isMissing(error)) throw error;
		}
	}

	/** Stripe deletes the customer's details and payment methods and keeps its invoices. */
	async forgetCustomer(customerId: string): Promise<void> {
		try {
			await this.#stripe.customers.del(customerId, {}, idempotent());
		} catch (error) {
			if (!isMissing(error)) throw error;
		}
	}

	async retrievePayment(invoiceId: string): Promise<ProviderPayment | null> {
		try {
			return toProviderPayment(await this.#stripe.invoices.retrieve(invoiceId));
		} catch (error) {
			if (isMissing(error)) return null;
			throw error;
		}
	}

	async listPayments(customerId: string, limit: number): Promise<ProviderPayment[]> {
		const invoices = await this.#stripe.invoices.list({ customer: customerId, status: 'paid', limit });
		return invoices.data.map(toProviderPayment).filter((payment): payment is ProviderPayment => payment !== null);
	}

	verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
		if (!signature) throw new WebhookSignatureError({ reason: 'The Stripe-Signature header is missing' });
		let event: Stripe.Event;
		try {
			event = this.#stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
		} catch (error) {
			throw new WebhookSignatureError({ reason: `The webhook signature does not verify: ${(error as Error).message}` });
		}
		const object = event.data.object as unknown as Record<string, unknown>;
		return {
			id: event.id,
			type: event.type,
			subscriptionId: subscriptionIdOf(object),
			checkoutSessionId: object['object'] === 'checkout.session' ? String(object['id']) : null,
			invoiceId: object['object'] === 'invoice' ? String(object['id']) : null,
			payload: event,
		};
	}
}

export function createStripeProvider(config: PlatformConfig): StripeProvider {
	if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
		throw new Error('BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
	}
	return new StripeProvider(new Stripe(config.STRIPE_SECRET_KEY, stripeClientOptions(config.STRIPE_API_URL)), config.STRIPE_WEBHOOK_SECRET);
}
