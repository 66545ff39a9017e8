import { checkoutSessionSchema, type CheckoutSession } from '@epic/platform-api';
import useSWR, { mutate as globalMutate } from 'swr';
import { billingRequest } from './billing-request';
import { BILLING_QUERY_KEYS } from './query-keys';

/** `GET /stripe/checkout-session?session_id=`: the caller's own session. */
export const fetchCheckoutSession = (sessionId: string): Promise<CheckoutSession> =>
	billingRequest({ method: 'GET', path: '/checkout-session', params: { session_id: sessionId } }, checkoutSessionSchema);

export const checkoutSessionKey = (sessionId: string) => [BILLING_QUERY_KEYS.checkoutSession, sessionId] as const;

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
