/**
 * The embedded default's payment provider: the same checkout, subscription, renewal and portal life
 * cycle as Stripe, with no network. Its customers pay with Stripe's test cards in the portal's own
 * card form (`POST /stripe/sandbox/confirm`); it announces every change as an event to the same
 * pipeline Stripe's webhooks feed, so business code cannot tell the two apart.
 */
import type { BillingPeriod } from '@epic/platform-api';
import { CheckoutSessionExpiredError, CheckoutSessionNotFoundError, WebhookSignatureError } from '../../errors.ts';
import type { PlanRow } from '../../plans/plan.ts';
import type { BillingContext } from '../billing-context.ts';
import { systemItems } from '../billing-context.ts';
import type { BillingProvider, CheckoutRequest, ProviderCheckoutSession, ProviderEvent, ProviderPayment, ProviderSubscription } from '../billing-provider.ts';
import { addPeriod, priceCents, remainingShare } from '../period-dates.ts';
import type { SandboxClock } from './sandbox-clock.ts';
import { sandboxId } from './sandbox-ids.ts';
import { cardOf, type SandboxInvoiceRow, type SandboxSessionRow, type SandboxSubscriptionRow } from './sandbox-records.ts';
import { chargeTestCard, type CardInput } from './test-cards.ts';

/** How long a customer has to pay an open checkout session, as with Stripe. */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface SandboxProviderOptions {
	context: Pick<BillingContext, 'services' | 'getSchema'>;
	clock: SandboxClock;
	/** The portal's origin: the sandbox's billing portal is a portal page. */
	portalUrl: string;
}

type EventSink = (event: ProviderEvent) => Promise<unknown>;

export class SandboxProvider implements BillingProvider {
	readonly name = 'sandbox' as const;
	readonly #options: SandboxProviderOptions;
	#sink: EventSink = async () => {};

	constructor(options: SandboxProviderOptions) {
		this.#options = options;
	}

	/** Where this provider's events go: the billing event pipeline, wired at start-up. */
	deliverEventsTo(sink: EventSink): void {
		this.#sink = sink;
	}

	get clock(): SandboxClock {
		return this.#options.clock;
	}

	async #items(collection: 'sandbox_checkout_sessions' | 'sandbox_subscriptions' | 'sandbox_invoices') {
		return systemItems(this.#options.context, collection);
	}

	async #emit(type: string, ids: { subscriptionId?: string; checkoutSessionId?: string }, payload: unknown): Promise<void> {
		await this.#sink({
			id: sandboxId('evt'),
			type,
			subscriptionId: ids.subscriptionId ?? null,
			checkoutSessionId: ids.checkoutSessionId ?? null,
			invoiceId: typeof (payload as { invoice?: unknown }).invoice === 'string' ? (payload as { invoice: string }).invoice : null,
			// Stored in billing_events for staff: which objects the event is about, and what changed.
			payload: { subscription: ids.subscriptionId ?? null, checkout_session: ids.checkoutSessionId ?? null, ...(payload as object) },
		});
	}

	async createCustomer(): Promise<string> {
		return sandboxId('cus');
	}

	async createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; clientSecret: string }> {
		const amount = priceCents(request.plan, request.period);
		if (amount === null) throw new Error(`Plan ${request.plan.id} has no ${request.period} price`);
		const id = sandboxId('cs');
		const sessions = await this.#items('sandbox_checkout_sessions');
		await sessions.createOne({
			id,
			customer_id: request.customerId,
			user: request.userId,
			plan: request.plan.id,
			period: request.period,
			amount_cents: amount,
			status: 'open',
			return_url: request.returnUrl.replace('{CHECKOUT_SESSION_ID}', id),
			customer_email: request.email,
			expires_at: new Date(this.clock.now().getTime() + SESSION_LIFETIME_MS).toISOString(),
		});
		return { id, clientSecret: `${id}_secret` };
	}

	async #sessionRow(id: string): Promise<SandboxSessionRow | null> {
		const sessions = await this.#items('sandbox_checkout_sessions');
		const [row] = (await sessions.readByQuery({ filter: { id: { _eq: id } }, limit: 1 })) as SandboxSessionRow[];
		return row ?? null;
	}

	async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
		const row = await this.#sessionRow(id);
		return row ? this.#toSession(row) : null;
	}

	#toSession(row: SandboxSessionRow): ProviderCheckoutSession {
		const expired = row.status === 'open' && new Date(row.expires_at) <= this.clock.now();
		return {
			id: row.id,
			status: expired ? 'expired' : row.status,
			customerId: row.customer_id,
			customerEmail: row.customer_email,
			subscriptionId: row.subscription_id,
			planId: row.plan,
			period: row.period,
			amountCents: Number(row.amount_cents),
		};
	}

	/**
	 * The card form's submit: charges the test card and, when it pays, creates the subscription and
	 * its first invoice, completes the session and announces it. A refused card changes nothing.
	 */
	async confirmCheckout(sessionId: string, card: CardInput & { email: string }): Promise<ProviderCheckoutSession> {
		const row = await this.#sessionRow(sessionId);
		if (!row) throw new CheckoutSessionNotFoundError();
		const session = this.#toSession(row);
		if (session.status === 'expired') throw new CheckoutSessionExpiredError();
		if (session.status === 'complete') return session;

		const now = this.clock.now();
		const accepted = chargeTestCard(card, now);
		const subscriptionId = sandboxId('sub');
		const end = addPeriod(now, session.period);
		const subscriptions = await this.#items('sandbox_subscriptions');
		await subscriptions.createOne({
			id: subscriptionId,
			customer_id: row.customer_id,
			user: row.user,
			plan: row.plan,
			period: row.period,
			status: 'active',
			current_period_start: now.toISOString(),
			current_period_end: end.toISOString(),
			cancel_at_period_end: false,
			card: accepted,
		});
		const invoice = await this.#invoice(subscriptionId, row.customer_id, session.amountCents, 'paid', row.plan, row.period, now, end);
		const sessions = await this.#items('sandbox_checkout_sessions');
		const customerEmail = card.email.trim() || row.customer_email;
		await sessions.updateOne(sessionId, { status: 'complete', subscription_id: subscriptionId, customer_email: customerEmail });

		await this.#emit('checkout.session.completed', { checkoutSessionId: sessionId, subscriptionId }, { session: sessionId });
		await this.#emit('customer.subscription.created', { subscriptionId }, { subscription: subscriptionId });
		await this.#emit('invoice.paid', { subscriptionId }, { invoice });
		return { ...session, status: 'complete', subscriptionId, customerEmail };
	}

	async #invoice(
		subscriptionId: string,
		customerId: string,
		amountCents: number,
		status: SandboxInvoiceRow['status'],
		planId: string | null,
		period: BillingPeriod,
		start: Date,
		end: Date,
	): Promise<string> {
		const plan = planId ? await this.#planRow(planId) : null;
		const id = sandboxId('in');
		const invoices = await this.#items('sandbox_invoices');
		await invoices.createOne({
			id,
			subscription_id: subscriptionId,
			customer_id: customerId,
			amount_cents: amountCents,
			status,
			plan_name: plan?.name ?? planId,
			period,
			period_start: start.toISOString(),
			period_end: end.toISOString(),
			date_created: this.clock.now().toISOString(),
		});
		return id;
	}

	async createPortalSession(_customerId: string, returnUrl: string): Promise<string> {
		return `${this.#options.portalUrl}/billing-portal?return_url=${encodeURIComponent(returnUrl)}`;
	}

	async subscriptionRow(id: string): Promise<SandboxSubscriptionRow | null> {
		const subscriptions = await this.#items('sandbox_subscriptions');
		const [row] = (await subscriptions.readByQuery({ filter: { id: { _eq: id } }, limit: 1 })) as SandboxSubscriptionRow[];
		return row ?? null;
	}

	async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
		const row = await this.subscriptionRow(id);
		return row ? toProviderSubscription(row) : null;
	}

	async #update(id: string, changes: Partial<SandboxSubscriptionRow>, eventType: string): Promise<ProviderSubscription> {
		const subscriptions = await this.#items('sandbox_subscriptions');
		await subscriptions.updateOne(id, changes);
		await this.#emit(eventType, { subscriptionId: id }, { subscription: id, changes });
		return (await this.retrieveSubscription(id))!;
	}

	async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
		return this.#update(id, { cancel_at_period_end: cancel }, 'customer.subscription.updated');
	}

	/**
	 * Same billing period: the plan changes now and the difference for the days left is invoiced (a
	 * credit when it is negative). Another period: a new period starts now, charged in full less the
	 * unused share of the old one.
	 */
	async changePlan(id: string, plan: PlanRow, period: BillingPeriod): Promise<ProviderSubscription> {
		const row = await this.subscriptionRow(id);
		if (!row) throw new Error(`No sandbox subscription ${id}`);
		const now = this.clock.now();
		const newAmount = priceCents(plan, period) ?? 0;
		const oldPlan = row.plan ? await this.#planRow(row.plan) : null;
		const oldAmount = oldPlan ? (priceCents(oldPlan, row.period) ?? 0) : 0;
		const share = remainingShare(new Date(row.current_period_start), new Date(row.current_period_end), now);
		const samePeriod = row.period === period;
		const start = samePeriod ? new Date(row.current_period_start) : now;
		const end = samePeriod ? new Date(row.current_period_end) : addPeriod(now, period);
		const charge = samePeriod ? Math.round((newAmount - oldAmount) * share) : newAmount - Math.round(oldAmount * share);
		await this.#invoice(id, row.customer_id, charge, 'paid', plan.id, period, samePeriod ? now : start, end);
		return this.#update(
			id,
			{ plan: plan.id, period, current_period_start: start.toISOString(), current_period_end: end.toISOString(), cancel_at_period_end: false },
			'customer.subscription.updated',
		);
	}

	async #planRow(planId: string): Promise<PlanRow | null> {
		const plans = await systemItems(this.#options.context, 'subscription_plans');
		const [row] = (await plans.readByQuery({ filter: { id: { _eq: planId } }, limit: 1 })) as PlanRow[];
		return row ?? null;
	}

	async cancelNow(id: string): Promise<void> {
		const row = await this.subscriptionRow(id);
		if (!row || row.status === 'canceled') return;
		await this.#update(id, { status: 'canceled', ended_at: this.clock.now().toISOString(), cancel_at_period_end: false }, 'customer.subscription.deleted');
	}

	/** As Stripe does: the person's details go, the invoices (amounts, plan, period) stay. */
	async forgetCustomer(customerId: string): Promise<void> {
		const ofCustomer = { filter: { customer_id: { _eq: customerId } } };
		await (await this.#items('sandbox_subscriptions')).updateByQuery(ofCustomer, { user: null, card: null });
		await (await this.#items('sandbox_checkout_sessions')).updateByQuery(ofCustomer, { user: null, customer_email: null });
	}

	verifyWebhook(): ProviderEvent {
		// The sandbox delivers its events in-process; nothing outside may post them.
		throw new WebhookSignatureError({ reason: 'The sandbox billing provider receives no webhooks' });
	}

	/** Charges a renewal; returns the invoice's outcome. */
	async renew(row: SandboxSubscriptionRow, now: Date): Promise<'paid' | 'failed'> {
		const plan = row.plan ? await this.#planRow(row.plan) : null;
		const amount = plan ? (priceCents(plan, row.period) ?? 0) : 0;
		const card = cardOf(row);
		const start = new Date(row.current_period_end);
		const end = addPeriod(start, row.period);
		if (card?.renewal === 'succeeds') {
			const invoice = await this.#invoice(row.id, row.customer_id, amount, 'paid', row.plan, row.period, start, end);
			await this.#update(
				row.id,
				{ status: 'active', current_period_start: start.toISOString(), current_period_end: end.toISOString(), past_due_since: null },
				'customer.subscription.updated',
			);
			await this.#emit('invoice.paid', { subscriptionId: row.id }, { invoice });
			return 'paid';
		}
		// Stripe keeps the failed invoice open and retries; the sandbox records it failed and waits
		// out the grace period.
		const invoice = await this.#invoice(row.id, row.customer_id, amount, 'failed', row.plan, row.period, start, end);
		await this.#update(row.id, { status: 'past_due', past_due_since: (row.past_due_since ?? now.toISOString()) as string }, 'customer.subscription.updated');
		await this.#emit('invoice.payment_failed', { subscriptionId: row.id }, { invoice });
		return 'failed';
	}

	async markUnpaid(row: SandboxSubscriptionRow): Promise<void> {
		await this.#update(row.id, { status: 'unpaid' }, 'customer.subscription.updated');
	}

	async endPeriod(row: SandboxSubscriptionRow, now: Date): Promise<void> {
		await this.#update(row.id, { status: 'canceled', ended_at: now.toISOString(), cancel_at_period_end: false }, 'customer.subscription.deleted');
	}

	async listDue(now: Date): Promise<SandboxSubscriptionRow[]> {
		const subscriptions = await this.#items('sandbox_subscriptions');
		return (await subscriptions.readByQuery({
			// Each branch spells out its `_and`: a branch with two keys matched every row here.
			filter: {
				_or: [{ _and: [{ status: { _in: ['active', 'trialing'] } }, { current_period_end: { _lte: now.toISOString() } }] }, { status: { _eq: 'past_due' } }],
			},
			limit: -1,
		})) as SandboxSubscriptionRow[];
	}

	async retrievePayment(invoiceId: string): Promise<ProviderPayment | null> {
		const invoices = await this.#items('sandbox_invoices');
		const [row] = (await invoices.readByQuery({ filter: { id: { _eq: invoiceId } }, limit: 1 })) as SandboxInvoiceRow[];
		return row ? toProviderPayment(row) : null;
	}

	async listPayments(customerId: string, limit: number): Promise<ProviderPayment[]> {
		const invoices = await this.#items('sandbox_invoices');
		const rows = (await invoices.readByQuery({
			filter: { _and: [{ customer_id: { _eq: customerId } }, { status: { _eq: 'paid' } }] },
			sort: ['-date_created'],
			limit,
		})) as SandboxInvoiceRow[];
		return rows.map(toProviderPayment).filter((payment): payment is ProviderPayment => payment !== null);
	}

	async listInvoices(customerId: string): Promise<SandboxInvoiceRow[]> {
		const invoices = await this.#items('sandbox_invoices');
		return (await invoices.readByQuery({ filter: { customer_id: { _eq: customerId } }, sort: ['-date_created'], limit: -1 })) as SandboxInvoiceRow[];
	}
}

/** A paid sandbox invoice as a payment; null for a failed one. */
export function toProviderPayment(row: SandboxInvoiceRow): ProviderPayment | null {
	if (row.status !== 'paid') return null;
	return {
		id: row.id,
		customerId: row.customer_id,
		amountCents: Number(row.amount_cents),
		currency: 'usd',
		paidAt: new Date(row.date_created),
		description: row.plan_name ? `${row.plan_name} (${row.period})` : null,
		periodStart: new Date(row.period_start),
		periodEnd: new Date(row.period_end),
	};
}

export function toProviderSubscription(row: SandboxSubscriptionRow): ProviderSubscription {
	return {
		id: row.id,
		customerId: row.customer_id,
		status: row.status,
		planId: row.plan,
		period: row.period,
		currentPeriodStart: row.current_period_start ? new Date(row.current_period_start) : null,
		currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end) : null,
		cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
	};
}
