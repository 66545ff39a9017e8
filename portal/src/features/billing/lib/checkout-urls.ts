import type { BillingPeriod } from '@epic/platform-api';
import { paths } from '../../../config/paths';
import { isBillingPeriod } from '../../../lib/plans/plan-pricing';

/** The provider replaces this in a checkout's `return_url` with the session's id. */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * The `return_url` a checkout is created with: absolute (Stripe requires it) and with the
 * placeholder left unescaped, which the provider fills in. `path` defaults to /subscription/return;
 * it may carry its own query (the onboarding wizard's step), the session id is appended to it.
 */
export function checkoutReturnUrl(origin: string, path: string = paths.subscriptionReturn.path): string {
	const separator = path.includes('?') ? '&' : '?';
	return `${origin}${path}${separator}session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`;
}

export type Destination = { kind: 'internal'; path: string } | { kind: 'external'; href: string };

/** A URL the app was handed (a return URL, a billing portal): routed in the app when it is ours. */
export function destinationOf(url: string, origin: string): Destination {
	const parsed = new URL(url, origin);
	if (parsed.origin === origin) return { kind: 'internal', path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
	return { kind: 'external', href: parsed.href };
}

/** Where to go once a sandbox checkout is paid: its return URL with the session id filled in. */
export function completedCheckoutDestination(returnUrl: string, sessionId: string, origin: string): Destination {
	return destinationOf(returnUrl.split(CHECKOUT_SESSION_ID_PLACEHOLDER).join(encodeURIComponent(sessionId)), origin);
}

export type CheckoutOutcome = 'success' | 'canceled';

/** `?success=true` or `?canceled=true` on /subscription (docs/product.md, Pages and routes). */
export function readCheckoutOutcome(params: URLSearchParams): CheckoutOutcome | null {
	if (params.get('success') === 'true') return 'success';
	if (params.get('canceled') === 'true') return 'canceled';
	return null;
}

/** The same query without the outcome flags, so a reload does not repeat the toast. */
export function withoutCheckoutOutcome(params: URLSearchParams): URLSearchParams {
	const next = new URLSearchParams(params);
	next.delete('success');
	next.delete('canceled');
	return next;
}

export type CheckoutTarget = { planId: string; period: BillingPeriod };

/** `?plan=…&period=…` of the payment page; the period defaults to monthly. Null when no plan is named or the period is unknown. */
export function readCheckoutTarget(params: URLSearchParams): CheckoutTarget | null {
	const planId = params.get('plan')?.trim() ?? '';
	const period = params.get('period') ?? 'monthly';
	if (planId === '' || !isBillingPeriod(period)) return null;
	return { planId, period };
}

export type CheckoutReturnState = 'complete' | 'open' | 'expired';

/** docs/product.md, States, Checkout return: `complete`, `open`, anything else is expired. */
export const checkoutReturnState = (status: string): CheckoutReturnState => (status === 'complete' ? 'complete' : status === 'open' ? 'open' : 'expired');
