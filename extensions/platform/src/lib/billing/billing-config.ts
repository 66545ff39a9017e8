import type { PlatformConfig } from '../platform-config.ts';

/** What the portal needs to render checkout: the provider, and Stripe's publishable key if any. */
export interface BillingClientConfig {
	provider: 'sandbox' | 'stripe';
	publishableKey: string | null;
}

export function billingClientConfig(config: PlatformConfig): BillingClientConfig {
	if (config.BILLING_PROVIDER === 'stripe') {
		return { provider: 'stripe', publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null };
	}
	// The sandbox provider runs checkout inside the portal, with no third-party script.
	return { provider: 'sandbox', publishableKey: null };
}
