/**
 * Checkout sessions beyond their public shape: what was ordered and what the subscription will
 * carry, then the customer paying (the test control) or the session expiring.
 */
import { createCustomer } from './customers.ts';
import { newId } from './ids.ts';
import type { ApiList, CardBehavior, CheckoutSession, Customer, CustomerDetails, Metadata, PaymentMethod, Price } from './objects.ts';
import type { ServerState } from './state.ts';

export interface OrderedItem {
	price: Price;
	quantity: number;
}

interface Order {
	items: OrderedItem[];
	subscriptionMetadata: Metadata;
}

export interface CheckoutLineItem {
	id: string;
	object: 'item';
	amount_discount: number;
	amount_subtotal: number;
	amount_tax: number;
	amount_total: number;
	currency: string;
	description: string;
	price: Price;
	quantity: number;
}

export interface CompleteCheckoutOptions {
	card?: CardBehavior;
	/** Typed into the checkout form when the session has neither customer nor customer_email. */
	email?: string;
	name?: string;
}

export function customerDetails(email: string | null, name: string | null): CustomerDetails {
	return { address: null, business_name: null, email, individual_name: null, name, phone: null, tax_exempt: 'none', tax_ids: [] };
}

export class Checkouts {
	private readonly state: () => ServerState;
	private readonly orders = new Map<string, Order>();

	constructor(state: () => ServerState) {
		this.state = state;
	}

	record(session: CheckoutSession, items: OrderedItem[], subscriptionMetadata: Metadata): void {
		this.orders.set(session.id, { items, subscriptionMetadata });
	}

	lineItems(session: CheckoutSession): ApiList<CheckoutLineItem> {
		const data = this.order(session.id).items.map(({ price, quantity }) => ({
			id: newId('li_'),
			object: 'item' as const,
			amount_discount: 0,
			amount_subtotal: price.unit_amount * quantity,
			amount_tax: 0,
			amount_total: price.unit_amount * quantity,
			currency: price.currency,
			description: this.state().store.products.get(price.product)?.name ?? price.product,
			price,
			quantity,
		}));
		return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
	}

	/** The customer pays: a customer (if the session had none), a card, the subscription and its paid invoice. */
	complete(session: CheckoutSession, options: CompleteCheckoutOptions): void {
		if (session.status !== 'open') throw new Error(`Checkout session ${session.id} is ${session.status}, not open`);
		const state = this.state();
		const order = this.order(session.id);
		const [item, ...others] = order.items;
		if (!item || others.length > 0) throw new Error('The Stripe test server completes checkouts of exactly one line item');
		const customer = session.customer === null ? this.newCustomer(session, options) : state.store.customers.get(session.customer)!;
		const card = options.card ?? 'succeeds';
		const paymentMethod = this.newCard(customer, card);
		const { subscription, invoice } = state.billing.start({
			customer: customer.id,
			price: item.price,
			quantity: item.quantity,
			metadata: order.subscriptionMetadata,
			card,
			paymentMethod: paymentMethod.id,
		});
		session.status = 'complete';
		session.payment_status = 'paid';
		session.customer = customer.id;
		session.customer_details = customerDetails(customer.email, customer.name ?? options.name ?? null);
		session.subscription = subscription.id;
		session.invoice = invoice.id;
		state.events.emit('checkout.session.completed', session);
		state.events.emit('customer.subscription.created', subscription);
		state.events.emit('invoice.paid', invoice);
	}

	/** An open session past `expires_at` (or expired through the API) can no longer be paid. */
	expire(session: CheckoutSession): void {
		session.status = 'expired';
		this.state().events.emit('checkout.session.expired', session);
	}

	/** A card for the customer: Stripe's 4242 test card, or 0341, which attaches but fails later charges. */
	newCard(customer: Customer, card: CardBehavior): PaymentMethod {
		const state = this.state();
		const paymentMethod: PaymentMethod = {
			id: newId('pm_'),
			object: 'payment_method',
			billing_details: { address: null, email: customer.email, name: customer.name, phone: null },
			card: {
				brand: 'visa',
				country: 'US',
				exp_month: 12,
				exp_year: new Date(state.clock.nowMs()).getUTCFullYear() + 5,
				funding: 'credit',
				last4: card === 'succeeds' ? '4242' : '0341',
			},
			created: state.clock.nowSeconds(),
			customer: customer.id,
			livemode: false,
			metadata: {},
			type: 'card',
		};
		state.store.paymentMethods.set(paymentMethod.id, paymentMethod);
		return paymentMethod;
	}

	private newCustomer(session: CheckoutSession, options: CompleteCheckoutOptions): Customer {
		return createCustomer(this.state(), {
			email: session.customer_email ?? options.email ?? 'customer@example.com',
			name: options.name ?? null,
			description: null,
			phone: null,
			metadata: {},
		});
	}

	private order(sessionId: string): Order {
		const order = this.orders.get(sessionId);
		if (!order) throw new Error(`No order recorded for checkout session ${sessionId}`);
		return order;
	}
}
