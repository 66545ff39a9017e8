/**
 * Options of the official client. STRIPE_API_URL points it somewhere other than api.stripe.com:
 * the tests' local Stripe-compatible server, through the library's own host/port/protocol options.
 */
import type Stripe from 'stripe';

export function stripeClientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
	const options: Stripe.StripeConfig = { maxNetworkRetries: 2, telemetry: false, appInfo: { name: 'epic-cms-platform' } };
	if (!apiUrl) return options;
	const url = new URL(apiUrl);
	return {
		...options,
		host: url.hostname,
		port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
		protocol: url.protocol === 'https:' ? 'https' : 'http',
	};
}
