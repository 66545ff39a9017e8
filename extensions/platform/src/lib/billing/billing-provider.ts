/**
 * What billing needs from a payment provider. Business code (endpoints, the webhook pipeline, the
 * subscription sync) talks to this interface only; `stripe` and `sandbox` implement it and
 * `createBillingProvider` picks one at start-up (docs/product.md, Billing API).
 */
import type { BillingPeriod, BillingProviderName, CheckoutSessionStatus, SubscriptionStatus } from '@epic/platform-api';
import type { PlanRow } from '../plans/plan.ts';

export interface ProviderSubscription {
	id: string;
	customerId: string;
	status: SubscriptionStatus;
	/** Our plan id, carried in the provider's metadata (Stripe) or row (sandbox). */
	planId: string | null;
	period: BillingPeriod;
	currentPeriodStart: Date | null;
	currentPeriodEnd: Date | null;
	cancelAtPeriodEnd: boolean;
}

export interface ProviderCheckoutSession {
	id: string;
	status: CheckoutSessionStatus;
	customerId: string | null;
	customerEmail: string | null;
	subscriptionId: string | null;
	planId: string;
	period: BillingPeriod;
	amountCents: number;
}

/** A paid invoice: what a receipt and the customer's list of payments show. */
export interface ProviderPayment {
	id: string;
	customerId: string;
	amountCents: number;
	/** ISO 4217, lower-case as the providers give it. */
	currency: string;
	paidAt: Date;
	/** What was paid for, as the invoice's first line names it (the plan, or a plan change's difference). */
	description: string | null;
	periodStart: Date | null;
	periodEnd: Date | null;
}

/** A provider's notification, reduced to what the pipeline needs to re-read the truth. */
export interface ProviderEvent {
	id: string;
	type: string;
	subscriptionId: string | null;
	checkoutSessionId: string | null;
	/** The invoice an `invoice.*` event is about. */
	invoiceId: string | null;
	payload: unknown;
}

export interface CheckoutRequest {
	userId: string;
	customerId: string;
	email: string;
	plan: PlanRow;
	period: BillingPeriod;
	/** Where the provider sends the customer back; `{CHECKOUT_SESSION_ID}` is replaced by the id. */
	returnUrl: string;
}

export interface BillingProvider {
	readonly name: BillingProviderName;
	createCustomer(user: { id: string; email: string; name: string | null }): Promise<string>;
	createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; clientSecret: string }>;
	/** Null when the provider knows no such session. */
	retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
	createPortalSession(customerId: string, returnUrl: string): Promise<string>;
	/** Null when the provider knows no such subscription. */
	retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
	setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
	/** Moves the subscription to another plan or period, prorated by the provider. */
	changePlan(id: string, plan: PlanRow, period: BillingPeriod): Promise<ProviderSubscription>;
	/** Ends the subscription now (account deletion). Not found counts as done. */
	cancelNow(id: string): Promise<void>;
	/**
	 * Account deletion: the provider forgets the customer's person (email, name, cards); the
	 * invoices stay in its books. Not found counts as done.
	 */
	forgetCustomer(customerId: string): Promise<void>;
	/** The invoice if it is paid; null when it is not, or the provider knows no such invoice. */
	retrievePayment(invoiceId: string): Promise<ProviderPayment | null>;
	/** The customer's paid invoices, newest first, at most `limit`. */
	listPayments(customerId: string, limit: number): Promise<ProviderPayment[]>;
	/** Checks the signature on the raw body; throws `WebhookSignatureError` when it is not the provider's. */
	verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
