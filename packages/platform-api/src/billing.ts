/**
 * The billing API (`/stripe/*`, also answered at `/api/stripe/*`) as the portal receives it
 * (docs/product.md, Billing API). Every answer is wrapped as `{ data: … }`; failures are
 * `{ errors: [{ message, extensions: { code } }] }`.
 */
import { z } from 'zod';
import { billingPeriodSchema, type BillingPeriod } from './plans.ts';
import { openEnum } from './open-enum.ts';

export const billingProviderNameSchema = z.enum(['sandbox', 'stripe']);
export type BillingProviderName = z.infer<typeof billingProviderNameSchema>;

/** `GET /stripe/config`: which provider runs; Stripe's publishable key only with Stripe. */
export const billingConfigSchema = z.object({
	provider: billingProviderNameSchema,
	publishableKey: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** `POST /stripe/create-checkout-session` body. `return_url` may hold `{CHECKOUT_SESSION_ID}`. */
export interface CreateCheckoutSessionRequest {
	plan_id: string;
	period: BillingPeriod;
	ui_mode: 'embedded';
	return_url?: string;
}

export const SUBSCRIPTION_STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'canceled'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionPlanSummarySchema = z.object({
	id: z.string(),
	name: z.string(),
	price_monthly: z.number(),
	project_limit: z.number(),
});
export type SubscriptionPlanSummary = z.infer<typeof subscriptionPlanSummarySchema>;

/** `GET /stripe/subscription` (404 `SUBSCRIPTION_NOT_FOUND` when none); cancel and reactivate answer it too. */
export const subscriptionSchema = z.object({
	id: z.string(),
	status: subscriptionStatusSchema,
	period: billingPeriodSchema,
	plan: subscriptionPlanSummarySchema,
	current_period_start: z.string().nullable(),
	current_period_end: z.string().nullable(),
	cancel_at_period_end: z.boolean(),
	created_at: z.string(),
	updated_at: z.string().nullable().default(null),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * `POST /stripe/create-checkout-session` answer. With Stripe, `client_secret` feeds Stripe's
 * embedded checkout; with the sandbox, the portal's own card form posts it back as `session_id`.
 * A subscriber who picks another plan or period gets `changed` instead: the existing subscription
 * was changed in place (prorated), and no checkout is needed.
 */
export const checkoutSessionCreatedSchema = z.discriminatedUnion('kind', [
	z.object({ kind: z.literal('checkout'), id: z.string(), client_secret: z.string() }),
	z.object({ kind: z.literal('changed'), subscription: subscriptionSchema }),
]);
export type CheckoutSessionCreated = z.infer<typeof checkoutSessionCreatedSchema>;

export const CHECKOUT_SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

/** `GET /stripe/checkout-session?session_id=`: the caller's own session only. */
export const checkoutSessionSchema = z.object({
	id: z.string(),
	/** Any text: the return page reads one it does not know as expired (docs/product.md, States, Checkout return). */
	status: openEnum(CHECKOUT_SESSION_STATUSES),
	customer_email: z.string().nullable(),
	plan_id: z.string(),
	period: billingPeriodSchema,
	/** What the period costs, in dollars: the order summary. */
	amount: z.number(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** `POST /stripe/create-billing-portal-session` body and answer. */
export interface BillingPortalRequest {
	return_url?: string;
}
export const billingPortalSessionSchema = z.object({
	url: z.string().min(1),
});
export type BillingPortalSession = z.infer<typeof billingPortalSessionSchema>;

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

export const invoiceStatusSchema = z.enum(['paid', 'pending', 'failed']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceSchema = z.object({
	id: z.string(),
	/** When it was issued (ISO). */
	date: z.string(),
	/** In dollars. */
	amount: z.number(),
	status: invoiceStatusSchema,
	plan_name: z.string(),
	period: billingPeriodSchema,
	period_start: z.string(),
	period_end: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** One paid invoice as `GET /stripe/payments` lists it, newest first (either provider). */
export const paymentSchema = z.object({
	id: z.string(),
	/** When it was paid (ISO). */
	date: z.string(),
	/** In the currency's major unit (dollars). */
	amount: z.number(),
	/** ISO 4217, lower-case. */
	currency: z.string(),
	/** What was paid for, as the invoice names it. */
	description: z.string().nullable(),
	period_start: z.string().nullable(),
	period_end: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** `GET /stripe/payments`. */
export const paymentListSchema = z.array(paymentSchema);

/** How many payments `GET /stripe/payments` lists; the provider's portal holds the rest. */
export const PAYMENTS_LISTED = 24;

export const cardOnFileSchema = z.object({
	brand: z.string(),
	last4: z.string(),
	exp_month: z.number(),
	exp_year: z.number(),
	cardholder: z.string(),
});
export type CardOnFile = z.infer<typeof cardOnFileSchema>;

/** `GET /stripe/sandbox/portal`: what the sandbox's billing portal page shows. */
export const sandboxPortalSchema = z.object({
	subscription: subscriptionSchema.nullable(),
	card: cardOnFileSchema.nullable(),
	invoices: z.array(invoiceSchema),
});
export type SandboxPortal = z.infer<typeof sandboxPortalSchema>;
