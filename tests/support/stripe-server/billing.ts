/**
 * The subscription lifecycle: start (a paid checkout), renewal at each period's end, plan changes
 * with proration, cancellation now or at the period's end, failed renewals and their recovery.
 * Each method changes the objects and announces the change with the events Stripe sends for it.
 * One item per subscription is modeled.
 */
import { changedAttributes, snapshot } from './events.ts';
import { newId } from './ids.ts';
import { createInvoice, invoiceLine, markPaid, type LineInput } from './invoices.ts';
import type { CardBehavior, Invoice, InvoiceLine, Metadata, Price, Subscription, SubscriptionItem } from './objects.ts';
import { periodBoundary } from './periods.ts';
import { planOf, priceTerms, sameCycle } from './prices.ts';
import type { ServerState } from './state.ts';

/** What Stripe knows about a subscription but does not show on it. */
interface Cycle {
	card: CardBehavior;
	/** The billing cycle anchor and the index of the current period counted from it. */
	anchor: number;
	period: number;
	/** Prorations made with `create_prorations`, billed on the next invoice. */
	pendingLines: InvoiceLine[];
	/** A change held back until its invoice is paid (`pending_if_incomplete`): the item as it will be. */
	pendingChange: { invoice: string; after: ItemState } | null;
}

/** Everything a plan change moves on a subscription and its cycle. */
interface ItemState {
	price: Price;
	plan: SubscriptionItem['plan'];
	quantity: number;
	anchor: number;
	period: number;
	billingCycleAnchor: number;
	periodStart: number;
	periodEnd: number;
	pendingLines: InvoiceLine[];
}

/** How an update's invoice may end when the card does not pay it (Stripe's `payment_behavior`). */
export type PaymentBehavior = 'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';

/** Stripe keeps a pending update this long before it expires. */
const PENDING_UPDATE_SECONDS = 23 * 3600;

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';

export interface ItemChange {
	price: Price;
	quantity: number;
	proration: ProrationBehavior;
}

export interface SubscriptionChange {
	item?: ItemChange;
	cancelAtPeriodEnd?: boolean;
	metadata?: Metadata;
	paymentBehavior?: PaymentBehavior;
}

export class Billing {
	private readonly state: () => ServerState;
	private readonly cycles = new Map<string, Cycle>();

	/** Takes the state lazily: the state holds this engine too. */
	constructor(state: () => ServerState) {
		this.state = state;
	}

	/**
	 * A customer paid a checkout: the subscription starts now with a paid first invoice. Announces
	 * nothing: completing a checkout orders its own events.
	 */
	start(input: { customer: string; price: Price; quantity: number; metadata: Metadata; card: CardBehavior; paymentMethod: string }): {
		subscription: Subscription;
		invoice: Invoice;
	} {
		const state = this.state();
		const now = state.clock.nowSeconds();
		const recurring = input.price.recurring!;
		const end = periodBoundary(now, recurring.interval, recurring.interval_count, 1);
		const id = newId('sub_');
		const item: SubscriptionItem = {
			id: newId('si_', 14),
			object: 'subscription_item',
			billing_thresholds: null,
			created: now,
			current_period_end: end,
			current_period_start: now,
			discounts: [],
			metadata: {},
			plan: planOf(input.price),
			price: input.price,
			quantity: input.quantity,
			subscription: id,
			tax_rates: [],
		};
		const subscription: Subscription = {
			id,
			object: 'subscription',
			billing_cycle_anchor: now,
			cancel_at: null,
			cancel_at_period_end: false,
			canceled_at: null,
			cancellation_details: { comment: null, feedback: null, reason: null },
			collection_method: 'charge_automatically',
			created: now,
			currency: input.price.currency,
			current_period_end: end,
			current_period_start: now,
			customer: input.customer,
			default_payment_method: input.paymentMethod,
			description: null,
			discounts: [],
			ended_at: null,
			items: { object: 'list', data: [item], has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${id}` },
			latest_invoice: null,
			livemode: false,
			metadata: { ...input.metadata },
			pause_collection: null,
			pending_update: null,
			schedule: null,
			start_date: now,
			status: 'active',
			test_clock: null,
			trial_end: null,
			trial_start: null,
		};
		state.store.subscriptions.set(id, subscription);
		this.cycles.set(id, { card: input.card, anchor: now, period: 0, pendingLines: [], pendingChange: null });
		const invoice = createInvoice(state, {
			subscription,
			lines: [this.cycleLine(subscription, item, { start: now, end })],
			billingReason: 'subscription_create',
			// Stripe's first invoice covers an instant; its line covers the period.
			period: { start: now, end: now },
			cardPays: true,
		});
		subscription.latest_invoice = invoice.id;
		return { subscription, invoice };
	}

	/** The next instant something is due for this subscription, or null when it is over. */
	nextDue(subscription: Subscription): number | null {
		return subscription.status === 'canceled' ? null : subscription.current_period_end;
	}

	/** The period ended (the clock is pinned to its end): cancel if asked to, else renew and charge. */
	periodEnded(subscription: Subscription): void {
		const state = this.state();
		const now = state.clock.nowSeconds();
		if (subscription.cancel_at_period_end) {
			subscription.status = 'canceled';
			subscription.ended_at = now;
			this.cycle(subscription.id).pendingLines = [];
			state.events.emit('customer.subscription.deleted', subscription);
			return;
		}
		const before = snapshot(subscription);
		const cycle = this.cycle(subscription.id);
		const item = itemOf(subscription);
		const price = item.price;
		const recurring = price.recurring!;
		const ended = { start: subscription.current_period_start, end: subscription.current_period_end };
		cycle.period += 1;
		const next = {
			start: ended.end,
			end: periodBoundary(cycle.anchor, recurring.interval, recurring.interval_count, cycle.period + 1),
		};
		setPeriod(subscription, next);
		const lines = [...cycle.pendingLines, this.cycleLine(subscription, item, next)];
		cycle.pendingLines = [];
		const invoice = createInvoice(state, {
			subscription,
			lines,
			billingReason: 'subscription_cycle',
			period: ended,
			cardPays: cycle.card === 'succeeds',
		});
		subscription.latest_invoice = invoice.id;
		if (invoice.status === 'paid') {
			state.events.emit('invoice.paid', invoice);
		} else {
			subscription.status = 'past_due';
			state.events.emit('invoice.payment_failed', invoice);
		}
		state.events.emit('customer.subscription.updated', subscription, changedAttributes(before, subscription));
	}

	/**
	 * One update request: a plan change, cancel at period end (or undoing it), metadata. Like
	 * Stripe, it is announced as one `customer.subscription.updated` with what changed, followed by
	 * `invoice.paid` when the change was invoiced at once.
	 */
	update(subscription: Subscription, change: SubscriptionChange): void {
		const state = this.state();
		const now = state.clock.nowSeconds();
		const before = snapshot(subscription);
		const cycle = this.cycle(subscription.id);
		const itemBefore = this.itemState(subscription);
		const lines = change.item ? this.moveItem(subscription, change.item) : null;
		if (change.cancelAtPeriodEnd !== undefined && change.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
			const cancel = change.cancelAtPeriodEnd;
			subscription.cancel_at_period_end = cancel;
			subscription.canceled_at = cancel ? now : null;
			subscription.cancellation_details.reason = cancel ? 'cancellation_requested' : null;
		}
		// After a plan change, which may have moved the period's end.
		subscription.cancel_at = subscription.cancel_at_period_end ? subscription.current_period_end : null;
		if (change.metadata) subscription.metadata = change.metadata;
		let invoice: Invoice | null = null;
		if (lines) {
			// The 'fails_at_renewal' card (Stripe's 0341) pays the checkout and fails every later charge.
			invoice = createInvoice(state, { subscription, lines, billingReason: 'subscription_update', period: { start: now, end: now }, cardPays: cycle.card === 'succeeds' });
			subscription.latest_invoice = invoice.id;
			if (invoice.status !== 'paid') {
				if (change.paymentBehavior === 'pending_if_incomplete') {
					// The change waits for the invoice: the subscription keeps its item until it is paid.
					const after = this.itemState(subscription);
					this.restoreItem(subscription, itemBefore);
					cycle.pendingChange = { invoice: invoice.id, after };
					subscription.pending_update = {
						billing_cycle_anchor: after.billingCycleAnchor === itemBefore.billingCycleAnchor ? null : after.billingCycleAnchor,
						expires_at: now + PENDING_UPDATE_SECONDS,
						subscription_items: [{ id: itemOf(subscription).id, price: after.price, quantity: after.quantity }],
						trial_end: null,
						trial_from_plan: null,
					};
				} else {
					subscription.status = 'past_due';
				}
			}
		}
		const previous = changedAttributes(before, subscription);
		if (Object.keys(previous).length > 0) state.events.emit('customer.subscription.updated', subscription, previous);
		if (invoice) state.events.emit(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
	}

	/**
	 * Moves the only item to another price or quantity. On the same billing cycle the unused time
	 * of the old price is credited and the remaining time of the new one charged: on an invoice now
	 * with `always_invoice` (the lines returned), on the next invoice with `create_prorations`. A
	 * change of interval restarts the cycle now and invoices at once, as Stripe does.
	 */
	private moveItem(subscription: Subscription, change: ItemChange): InvoiceLine[] | null {
		const state = this.state();
		const now = state.clock.nowSeconds();
		const item = itemOf(subscription);
		const oldPrice = item.price;
		const oldQuantity = item.quantity;
		if (oldPrice.id === change.price.id && oldQuantity === change.quantity) return null;
		const cycle = this.cycle(subscription.id);
		const period = { start: subscription.current_period_start, end: subscription.current_period_end };
		const remaining = Math.max(0, period.end - now) / (period.end - period.start);
		const prorate = change.proration !== 'none' && remaining > 0;
		const lines: InvoiceLine[] = [];
		const date = dayText(now);
		const line = (input: Omit<LineInput, 'subscription' | 'subscriptionItem'>) => invoiceLine({ ...input, subscription: subscription.id, subscriptionItem: item.id });
		if (prorate) {
			lines.push(
				line({
					price: oldPrice,
					quantity: oldQuantity,
					amount: -Math.round(oldPrice.unit_amount * oldQuantity * remaining),
					period: { start: now, end: period.end },
					proration: true,
					description: `Unused time on ${oldQuantity} × ${productName(state, oldPrice)} after ${date}`,
				}),
			);
		}
		item.price = change.price;
		item.plan = planOf(change.price);
		item.quantity = change.quantity;
		if (sameCycle(oldPrice, change.price)) {
			if (prorate) {
				lines.push(
					line({
						price: change.price,
						quantity: change.quantity,
						amount: Math.round(change.price.unit_amount * change.quantity * remaining),
						period: { start: now, end: period.end },
						proration: true,
						description: `Remaining time on ${change.quantity} × ${productName(state, change.price)} after ${date}`,
					}),
				);
			}
			if (change.proration === 'always_invoice') return [...cycle.pendingLines.splice(0), ...lines];
			cycle.pendingLines.push(...lines);
			return null;
		}
		const recurring = change.price.recurring!;
		cycle.anchor = now;
		cycle.period = 0;
		subscription.billing_cycle_anchor = now;
		const next = { start: now, end: periodBoundary(now, recurring.interval, recurring.interval_count, 1) };
		setPeriod(subscription, next);
		return [...cycle.pendingLines.splice(0), ...lines, this.cycleLine(subscription, item, next)];
	}

	/** Ends the subscription now; its pending prorations are dropped, nothing is refunded. */
	cancelNow(subscription: Subscription): void {
		const state = this.state();
		const now = state.clock.nowSeconds();
		subscription.status = 'canceled';
		subscription.canceled_at = now;
		subscription.ended_at = now;
		subscription.cancel_at = null;
		subscription.cancellation_details.reason = 'cancellation_requested';
		this.cycle(subscription.id).pendingLines = [];
		state.events.emit('customer.subscription.deleted', subscription);
	}

	/**
	 * The customer gave a working card: it pays the open invoices, a change that waited for one of
	 * them takes effect, and a past_due subscription is active again.
	 */
	recoverPayment(subscription: Subscription, paymentMethod: string): void {
		const state = this.state();
		const cycle = this.cycle(subscription.id);
		cycle.card = 'succeeds';
		const before = snapshot(subscription);
		subscription.default_payment_method = paymentMethod;
		for (const invoice of state.store.invoices.values()) {
			if (invoice.parent.subscription_details.subscription !== subscription.id || invoice.status !== 'open') continue;
			markPaid(state, invoice);
			state.events.emit('invoice.paid', invoice);
			if (cycle.pendingChange?.invoice === invoice.id) {
				this.restoreItem(subscription, cycle.pendingChange.after);
				cycle.pendingChange = null;
				subscription.pending_update = null;
			}
		}
		if (subscription.status === 'past_due') subscription.status = 'active';
		const previous = changedAttributes(before, subscription);
		if (Object.keys(previous).length > 0) state.events.emit('customer.subscription.updated', subscription, previous);
	}

	private cycleLine(subscription: Subscription, item: SubscriptionItem, period: { start: number; end: number }): InvoiceLine {
		const quantity = item.quantity;
		return invoiceLine({
			subscription: subscription.id,
			subscriptionItem: item.id,
			price: item.price,
			quantity,
			amount: item.price.unit_amount * quantity,
			period,
			proration: false,
			description: `${quantity} × ${productName(this.state(), item.price)} (at ${priceTerms(item.price)})`,
		});
	}

	private itemState(subscription: Subscription): ItemState {
		const item = itemOf(subscription);
		const cycle = this.cycle(subscription.id);
		return {
			price: item.price,
			plan: item.plan,
			quantity: item.quantity,
			anchor: cycle.anchor,
			period: cycle.period,
			billingCycleAnchor: subscription.billing_cycle_anchor,
			periodStart: subscription.current_period_start,
			periodEnd: subscription.current_period_end,
			pendingLines: [...cycle.pendingLines],
		};
	}

	private restoreItem(subscription: Subscription, itemState: ItemState): void {
		const item = itemOf(subscription);
		const cycle = this.cycle(subscription.id);
		item.price = itemState.price;
		item.plan = itemState.plan;
		item.quantity = itemState.quantity;
		cycle.anchor = itemState.anchor;
		cycle.period = itemState.period;
		cycle.pendingLines = [...itemState.pendingLines];
		subscription.billing_cycle_anchor = itemState.billingCycleAnchor;
		setPeriod(subscription, { start: itemState.periodStart, end: itemState.periodEnd });
	}

	private cycle(subscriptionId: string): Cycle {
		const cycle = this.cycles.get(subscriptionId);
		if (!cycle) throw new Error(`No billing cycle for ${subscriptionId}`);
		return cycle;
	}
}

export function itemOf(subscription: Subscription): SubscriptionItem {
	const item = subscription.items.data[0];
	if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
	return item;
}

function setPeriod(subscription: Subscription, period: { start: number; end: number }): void {
	const item = itemOf(subscription);
	item.current_period_start = period.start;
	item.current_period_end = period.end;
	subscription.current_period_start = period.start;
	subscription.current_period_end = period.end;
}

function productName(state: ServerState, price: Price): string {
	return state.store.products.get(price.product)?.name ?? price.product;
}

/** `22 Nov 2026`, as Stripe dates proration lines. */
function dayText(seconds: number): string {
	return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(seconds * 1000);
}
