import {
  checkoutSessionCreatedSchema,
  checkoutSessionSchema,
  type BillingPeriod,
  type CheckoutSession,
  type CheckoutSessionCreated,
  type CreateCheckoutSessionRequest,
  type SandboxConfirmRequest,
} from '@epic/platform-api';
import useSWR, { mutate as globalMutate } from 'swr';
import useSWRImmutable from 'swr/immutable';
import { billingRequest } from './billing-request';

/**
 * `POST /stripe/create-checkout-session`: a checkout to pay in (`kind: 'checkout'`), or, for a
 * subscriber, the subscription already changed in place (`kind: 'changed'`).
 */
export function createCheckoutSession(
  planId: string,
  period: BillingPeriod,
  returnUrl: string,
): Promise<CheckoutSessionCreated> {
  const body: CreateCheckoutSessionRequest = { plan_id: planId, period, ui_mode: 'embedded', return_url: returnUrl };
  return billingRequest({ method: 'POST', path: '/create-checkout-session', body }, checkoutSessionCreatedSchema);
}

/** `GET /stripe/checkout-session?session_id=`: the caller's own session. */
export const fetchCheckoutSession = (sessionId: string): Promise<CheckoutSession> =>
  billingRequest({ method: 'GET', path: '/checkout-session', params: { session_id: sessionId } }, checkoutSessionSchema);

export const checkoutSessionKey = (sessionId: string) => ['stripe/checkout-session', sessionId] as const;

/** One checkout session; null id = nothing to load. Not refetched on focus: its state is read once per visit. */
export function useCheckoutSession(sessionId: string | null) {
  return useSWR(sessionId ? checkoutSessionKey(sessionId) : null, ([, id]) => fetchCheckoutSession(id), {
    revalidateOnFocus: false,
  });
}

/** Puts a session the server just answered (e.g. paid) in the cache, so the return page does not show an older state of it. */
export async function rememberCheckoutSession(session: CheckoutSession): Promise<void> {
  await globalMutate(checkoutSessionKey(session.id), session, { revalidate: false });
}

/**
 * `POST /stripe/sandbox/confirm`: pays a sandbox checkout with the portal's card form. Answers the
 * completed session, or 402 `CARD_DECLINED` / `INSUFFICIENT_FUNDS`, or 400 `INVALID_PAYLOAD`.
 */
export const confirmSandboxPayment = (request: SandboxConfirmRequest): Promise<CheckoutSession> =>
  billingRequest({ method: 'POST', path: '/sandbox/confirm', body: request }, checkoutSessionSchema);

export type NewCheckout = { userId: string; planId: string; period: BillingPeriod; returnUrl: string; attempt: string };

/**
 * Creates a checkout session for the payment step. Keyed by an attempt id the caller makes per
 * visit (and per Try again), so React's double mount in development shares one request while a
 * later visit gets a fresh session. Never retried by itself: each call is a new session.
 */
export function useNewCheckoutSession(checkout: NewCheckout | null) {
  return useSWRImmutable(
    checkout
      ? (['stripe/create-checkout-session', checkout.userId, checkout.planId, checkout.period, checkout.returnUrl, checkout.attempt] as const)
      : null,
    ([, , planId, period, returnUrl]) => createCheckoutSession(planId, period, returnUrl),
    { shouldRetryOnError: false },
  );
}
