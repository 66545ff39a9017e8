import type {
  BillingPeriod,
  CheckoutSession,
  CheckoutSessionCreated,
  CreateCheckoutSessionRequest,
  SandboxConfirmRequest,
} from '@epic/platform-api';
import useSWR from 'swr';
import { billingRequest } from './billing-request';
import { isCheckoutSession, isCheckoutSessionCreated } from './guards';

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
  return billingRequest({ method: 'POST', path: '/create-checkout-session', body }, isCheckoutSessionCreated);
}

/** `GET /stripe/checkout-session?session_id=`: the caller's own session. */
export const fetchCheckoutSession = (sessionId: string): Promise<CheckoutSession> =>
  billingRequest({ method: 'GET', path: '/checkout-session', params: { session_id: sessionId } }, isCheckoutSession);

export const checkoutSessionKey = (sessionId: string) => ['stripe/checkout-session', sessionId] as const;

/** One checkout session; null id = nothing to load. Not refetched on focus: its state is read once per visit. */
export function useCheckoutSession(sessionId: string | null) {
  return useSWR(sessionId ? checkoutSessionKey(sessionId) : null, ([, id]) => fetchCheckoutSession(id), {
    revalidateOnFocus: false,
  });
}

/**
 * `POST /stripe/sandbox/confirm`: pays a sandbox checkout with the portal's card form. Answers the
 * completed session, or 402 `CARD_DECLINED` / `INSUFFICIENT_FUNDS`, or 400 `INVALID_PAYLOAD`.
 */
export const confirmSandboxPayment = (request: SandboxConfirmRequest): Promise<CheckoutSession> =>
  billingRequest({ method: 'POST', path: '/sandbox/confirm', body: request }, isCheckoutSession);
