/**
 * The billing API (`/stripe/*`, also answered at `/api/stripe/*`) as the portal receives it
 * (docs/product.md, Billing API). Every answer is wrapped as `{ data: … }`; failures are
 * `{ errors: [{ message, extensions: { code } }] }`.
 */
import type { BillingPeriod } from './plans.ts';

export type BillingProviderName = 'sandbox' | 'stripe';

/** `GET /stripe/config`: which provider runs; Stripe's publishable key only with Stripe. */
export interface BillingConfig {
	provider: BillingProviderName;
	publishableKey: string | null;
}

/** `POST /stripe/create-checkout-session` body. `return_url` may hold `{CHECKOUT_SESSION_ID}`. */
export interface CreateCheckoutSessionRequest {
	plan_id: string;
	period: BillingPeriod;
	ui_mode: 'embedded';
	return_url?: string;
}

/**
 * `POST /stripe/create-checkout-session` answer. With Stripe, `client_secret` feeds Stripe's
 * embedded checkout; with the sandbox, the portal's own card form posts it back as `session_id`.
 * A subscriber who picks another plan or period gets `changed` instead: the existing subscription
 * was changed in place (prorated), and no checkout is needed.
 */
export type CheckoutSessionCreated =
	| { kind: 'checkout'; id: string; client_secret: string }
	| { kind: 'changed'; subscription: Subscription };

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

/** `GET /stripe/checkout-session?session_id=`: the caller's own session only. */
export interface CheckoutSession {
	id: string;
	status: CheckoutSessionStatus;
	customer_email: string | null;
	plan_id: string;
	period: BillingPeriod;
	/** What the period costs, in dollars: the order summary. */
	amount: number;
}

/** `POST /stripe/create-billing-portal-session` body and answer. */
export interface BillingPortalRequest {
	return_url?: string;
}
export interface BillingPortalSession {
	url: string;
}

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';

export interface SubscriptionPlanSummary {
	id: string;
	name: string;
	price_monthly: number;
	project_limit: number;
}

/** `GET /stripe/subscription` (404 `SUBSCRIPTION_NOT_FOUND` when none); cancel and reactivate answer it too. */
export interface Subscription {
	id: string;
	status: SubscriptionStatus;
	period: BillingPeriod;
	plan: SubscriptionPlanSummary;
	current_period_start: string | null;
	current_period_end: string | null;
	cancel_at_period_end: boolean;
	created_at: string;
	updated_at: string | null;
}

/** `POST /stripe/sandbox/confirm`: the sandbox's card form, also usable from scripts. */
export interface SandboxConfirmRequest {
	session_id: string;
	card_number: string;
	/** `MM/YY`. */
	expiry: string;
	cvc: string;
	cardholder: string;
	email: string;
}

export type InvoiceStatus = 'paid' | 'pending' | 'failed';

export interface Invoice {
	id: string;
	/** When it was issued (ISO). */
	date: string;
	/** In dollars. */
	amount: number;
	status: InvoiceStatus;
	plan_name: string;
	period: BillingPeriod;
	period_start: string;
	period_end: string;
}

/** One paid invoice as `GET /stripe/payments` lists it, newest first (either provider). */
export interface Payment {
	id: string;
	/** When it was paid (ISO). */
	date: string;
	/** In the currency's major unit (dollars). */
	amount: number;
	/** ISO 4217, lower-case. */
	currency: string;
	/** What was paid for, as the invoice names it. */
	description: string | null;
	period_start: string | null;
	period_end: string | null;
}

/** How many payments `GET /stripe/payments` lists; the provider's portal holds the rest. */
export const PAYMENTS_LISTED = 24;

export interface CardOnFile {
	brand: string;
	last4: string;
	exp_month: number;
	exp_year: number;
	cardholder: string;
}

/** `GET /stripe/sandbox/portal`: what the sandbox's billing portal page shows. */
export interface SandboxPortal {
	subscription: Subscription | null;
	card: CardOnFile | null;
	invoices: Invoice[];
}
