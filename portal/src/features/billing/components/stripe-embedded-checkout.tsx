import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** One Stripe.js instance per publishable key for the page's lifetime, as Stripe asks. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
	let stripe = stripeByKey.get(publishableKey);
	if (!stripe) {
		stripe = loadStripe(publishableKey);
		stripeByKey.set(publishableKey, stripe);
	}
	return stripe;
}

type StripeEmbeddedCheckoutProps = { publishableKey: string; clientSecret: string };

/**
 * Stripe's embedded checkout. Loaded on its own (React.lazy) so the sandbox provider never
 * downloads Stripe's code; Stripe.js itself loads only when this mounts. On completion Stripe
 * sends the browser to the session's return URL.
 */
export default function StripeEmbeddedCheckout({ publishableKey, clientSecret }: StripeEmbeddedCheckoutProps) {
	return (
		<div data-testid="stripe-embedded-checkout">
			<EmbeddedCheckoutProvider stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
				<EmbeddedCheckout />
			</EmbeddedCheckoutProvider>
		</div>
	);
}
