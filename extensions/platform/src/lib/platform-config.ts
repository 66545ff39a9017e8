/**
 * The extension's view of the platform configuration. `npm start` validates the full set before
 * Directus starts; this re-check keeps the bundle honest when Directus is started some other way.
 */
import { z } from 'zod';
import { parseEnvConfig } from './env-config.ts';

const optionalText = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().optional());

const PlatformConfigSchema = z.object({
	BILLING_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
	STRIPE_PUBLISHABLE_KEY: optionalText,
	PORTAL_DIST: optionalText,
	SUPPORT_EMAIL: z.string().default('support@example.com'),
	PUBLIC_HOST: z.string().default('localhost'),
	/** The address custom domains point their A record to; shown in the portal's DNS instructions. */
	PUBLIC_IP: optionalText,
	/** The portal's origin: return pages of checkout and the billing portal live there. */
	PUBLIC_URL: z.string().url().default('http://localhost:8055'),
	/**
	 * Where this process reaches the public HTTPS endpoint (Caddy) as `host:port`, to see a site's
	 * certificate served; default each site's own name on port 443. Read only when PUBLIC_URL is https.
	 */
	TLS_CHECK_ADDRESS: optionalText,
	STRIPE_SECRET_KEY: optionalText,
	STRIPE_WEBHOOK_SECRET: optionalText,
	/** Another Stripe API origin (the tests' local Stripe-compatible server); default api.stripe.com. */
	STRIPE_API_URL: optionalText,
	/** Days a sandbox subscription stays past_due after a failed renewal before it becomes unpaid. */
	BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
	/** Lets staff move the sandbox's clock (`POST /stripe/sandbox/advance-clock`); never with Stripe. */
	BILLING_SANDBOX_CLOCK_CONTROL: z.preprocess((value) => value === true || value === 'true', z.boolean()).default(false),
});

export type PlatformConfig = z.infer<typeof PlatformConfigSchema>;

export function readPlatformConfig(env: Record<string, unknown>): PlatformConfig {
	return parseEnvConfig(PlatformConfigSchema, env, 'platform');
}
