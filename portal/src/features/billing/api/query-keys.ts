/**
 * The first item of the SWR key of each of the feature's reads. The customer's own billing state
 * (subscription, sandbox portal, payments) is keyed by the user's id next, so one customer never
 * sees another's; refresh-billing-state.ts reads all of it again by these names.
 */
export const BILLING_QUERY_KEYS = {
	config: 'stripe/config',
	subscription: 'stripe/subscription',
	sandboxPortal: 'stripe/sandbox/portal',
	payments: 'stripe/payments',
	checkoutSession: 'stripe/checkout-session',
	newCheckoutSession: 'stripe/create-checkout-session',
} as const;
