import { checkoutSessionCreatedSchema, type BillingPeriod, type CheckoutSessionCreated, type CreateCheckoutSessionRequest } from '@epic/platform-api';
import useSWRImmutable from 'swr/immutable';
import { billingRequest } from './billing-request';
import { BILLING_QUERY_KEYS } from './query-keys';

/**
 * `POST /stripe/create-checkout-session`: a checkout to pay in (`kind: 'checkout'`), or, for a
 * subscriber, the subscription already changed in place (`kind: 'changed'`).
 */
export function createCheckoutSession(planId: string, period: BillingPeriod, returnUrl: string): Promise<CheckoutSessionCreated> {
	const body: CreateCheckoutSessionRequest = { plan_id: planId, period, ui_mode: 'embedded', return_url: returnUrl };
	return billingRequest({ method: 'POST', path: '/create-checkout-session', body }, checkoutSessionCreatedSchema);
}

export type NewCheckout = { userId: string; planId: string; period: BillingPeriod; returnUrl: string; attempt: string };

/**
 * Creates a checkout session for the payment step. Keyed by an attempt id the caller makes per
 * visit (and per Try again), so React's double mount in development shares one request while a
 * later visit gets a fresh session. Never retried by itself: each call is a new session.
 */
export function useNewCheckoutSession(checkout: NewCheckout | null) {
	return useSWRImmutable(
		checkout ? ([BILLING_QUERY_KEYS.newCheckoutSession, checkout.userId, checkout.planId, checkout.period, checkout.returnUrl, checkout.attempt] as const) : null,
		([, , planId, period, returnUrl]) => createCheckoutSession(planId, period, returnUrl),
		{ shouldRetryOnError: false },
	);
}
