/**
 * The Stripe objects this server keeps, in the API version the pinned library speaks
 * (`2026-10-28.endive`). Each carries the fields a billing integration reads, named and shaped as
 * in Stripe's answers; Stripe's many other fields are left out rather than faked. One notable
 * shape of this API version: a subscription's period lives on its items
 * (`items.data[0].current_period_start/end`); the server also repeats it on the subscription as
 * older versions had it, but the official types only declare the items' fields.
 */
export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';
export type CardBehavior = 'succeeds' | 'fails_at_renewal';

export interface PendingUpdate {
	billing_cycle_anchor: number | null;
	expires_at: number;
	subscription_items: { id: string; price: Price; quantity: number }[];
	trial_end: null;
	trial_from_plan: null;
}

export interface Customer {
	id: string;
	object: 'customer';
	address: null;
	balance: number;
	created: number;
	currency: string | null;
	default_source: null;
	delinquent: boolean;
	description: string | null;
	email: string | null;
	invoice_prefix: string;
	invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
	livemode: false;
	metadata: Metadata;
	name: string | null;
	next_invoice_sequence: number;
	phone: string | null;
	preferred_locales: string[];
	shipping: null;
	tax_exempt: 'none';
	test_clock: null;
}

export interface Product {
	id: string;
	object: 'product';
	active: boolean;
	created: number;
	default_price: string | null;
	description: string | null;
	images: string[];
	livemode: false;
	marketing_features: { name: string }[];
	metadata: Metadata;
	name: string;
	package_dimensions: null;
	shippable: null;
	statement_descriptor: null;
	tax_code: null;
	type: 'service';
	unit_label: null;
	updated: number;
	url: null;
}

export interface Recurring {
	interval: Interval;
	interval_count: number;
	meter: null;
	trial_period_days: null;
	usage_type: 'licensed';
}

export interface Price {
	id: string;
	object: 'price';
	active: boolean;
	billing_scheme: 'per_unit';
	created: number;
	currency: string;
	custom_unit_amount: null;
	livemode: false;
	lookup_key: string | null;
	metadata: Metadata;
	nickname: string | null;
	product: string;
	recurring: Recurring | null;
	tax_behavior: 'unspecified';
	tiers_mode: null;
	transform_quantity: null;
	type: 'one_time' | 'recurring';
	unit_amount: number;
	unit_amount_decimal: string;
}

/** The legacy view of a recurring price that subscription items still carry beside `price`. */
export interface Plan {
	id: string;
	object: 'plan';
	active: boolean;
	amount: number;
	amount_decimal: string;
	billing_scheme: 'per_unit';
	created: number;
	currency: string;
	interval: Interval;
	interval_count: number;
	livemode: false;
	metadata: Metadata;
	nickname: string | null;
	product: string;
	tiers_mode: null;
	transform_usage: null;
	trial_period_days: null;
	usage_type: 'licensed';
}

export interface CustomerDetails {
	address: null;
	business_name: null;
	email: string | null;
	individual_name: null;
	name: string | null;
	phone: null;
	tax_exempt: 'none';
	tax_ids: [];
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export interface CheckoutSession {
	id: string;
	object: 'checkout.session';
	amount_subtotal: number;
	amount_total: number;
	cancel_url: null;
	client_reference_id: string | null;
	client_secret: string;
	created: number;
	currency: string;
	customer: string | null;
	customer_creation: 'always' | null;
	customer_details: CustomerDetails | null;
	customer_email: string | null;
	expires_at: number;
	invoice: string | null;
	livemode: false;
	metadata: Metadata;
	mode: 'subscription';
	payment_method_types: string[];
	payment_status: 'paid' | 'unpaid';
	return_url: string;
	status: CheckoutSessionStatus;
	subscription: string | null;
	success_url: null;
	ui_mode: string;
	url: null;
}

export interface SubscriptionItem {
	id: string;
	object: 'subscription_item';
	billing_thresholds: null;
	created: number;
	current_period_end: number;
	current_period_start: number;
	discounts: string[];
	metadata: Metadata;
	plan: Plan;
	/** The price object itself, shared with the price store, so it reads as the price is now. */
	price: Price;
	quantity: number;
	subscription: string;
	tax_rates: [];
}

export interface ApiList<T> {
	object: 'list';
	data: T[];
	has_more: boolean;
	total_count?: number;
	url: string;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface Subscription {
	id: string;
	object: 'subscription';
	billing_cycle_anchor: number;
	cancel_at: number | null;
	cancel_at_period_end: boolean;
	canceled_at: number | null;
	cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | null };
	collection_method: 'charge_automatically';
	created: number;
	currency: string;
	/** Not in this API version's types (see the file's comment); kept for older readers. */
	current_period_end: number;
	current_period_start: number;
	customer: string;
	default_payment_method: string | null;
	description: null;
	discounts: string[];
	ended_at: number | null;
	items: ApiList<SubscriptionItem>;
	latest_invoice: string | null;
	livemode: false;
	metadata: Metadata;
	pause_collection: null;
	/** The change waiting for its invoice to be paid (`payment_behavior: pending_if_incomplete`). */
	pending_update: PendingUpdate | null;
	schedule: null;
	start_date: number;
	status: SubscriptionStatus;
	test_clock: null;
	trial_end: null;
	trial_start: null;
}

export interface InvoiceLine {
	id: string;
	object: 'line_item';
	amount: number;
	currency: string;
	description: string;
	discountable: boolean;
	discounts: string[];
	invoice: string | null;
	livemode: false;
	metadata: Metadata;
	parent: {
		type: 'subscription_item_details';
		invoice_item_details: null;
		subscription_item_details: {
			invoice_item: string | null;
			proration: boolean;
			proration_details: { credited_items: null };
			subscription: string;
			subscription_item: string;
		};
	};
	period: { start: number; end: number };
	pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
	quantity: number;
	subtotal: number;
	taxes: [];
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

export interface Invoice {
	id: string;
	object: 'invoice';
	account_country: string;
	account_name: string;
	amount_due: number;
	amount_overpaid: number;
	amount_paid: number;
	amount_remaining: number;
	attempt_count: number;
	attempted: boolean;
	billing_reason: BillingReason;
	collection_method: 'charge_automatically';
	created: number;
	currency: string;
	customer: string;
	customer_email: string | null;
	customer_name: string | null;
	description: null;
	discounts: string[];
	due_date: null;
	effective_at: number;
	ending_balance: number;
	hosted_invoice_url: string;
	lines: ApiList<InvoiceLine>;
	livemode: false;
	metadata: Metadata;
	next_payment_attempt: number | null;
	number: string;
	parent: {
		type: 'subscription_details';
		quote_details: null;
		subscription_details: { metadata: Metadata; subscription: string };
	};
	/** As Stripe sets them: the creation instant for the first invoice, the period just ended for a renewal. The service period is on the lines. */
	period_end: number;
	period_start: number;
	starting_balance: number;
	status: InvoiceStatus;
	status_transitions: { finalized_at: number; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
	subtotal: number;
	subtotal_excluding_tax: number;
	test_clock: null;
	total: number;
	total_excluding_tax: number;
}

export interface PaymentMethod {
	id: string;
	object: 'payment_method';
	billing_details: { address: null; email: string | null; name: string | null; phone: null };
	card: { brand: string; country: string; exp_month: number; exp_year: number; funding: 'credit'; last4: string };
	created: number;
	customer: string;
	livemode: false;
	metadata: Metadata;
	type: 'card';
}

export interface BillingPortalSession {
	id: string;
	object: 'billing_portal.session';
	configuration: string;
	created: number;
	customer: string;
	flow: null;
	livemode: false;
	locale: null;
	on_behalf_of: null;
	return_url: string | null;
	url: string;
}

export interface StripeEvent {
	id: string;
	object: 'event';
	api_version: string;
	created: number;
	data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
	livemode: false;
	pending_webhooks: number;
	request: { id: string | null; idempotency_key: string | null };
	type: string;
}
