/**
 * The extension's view of the platform configuration. `npm start` validates the full set before
 * Directus starts; this re-check keeps the bundle honest when Directus is started some other way.
 */
import { z } from 'zod';

const optionalText = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().optional());

const PlatformConfigSchema = z.object({
	BILLING_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
	STRIPE_PUBLISHABLE_KEY: optionalText,
	PORTAL_DIST: optionalText,
	SUPPORT_EMAIL: z.string().default('support@example.com'),
	PUBLIC_HOST: z.string().default('localhost'),
});

export type PlatformConfig = z.infer<typeof PlatformConfigSchema>;

export function readPlatformConfig(env: Record<string, unknown>): PlatformConfig {
	const parsed = PlatformConfigSchema.safeParse(env);
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
		throw new Error(`Invalid platform configuration: ${problems.join('; ')}`);
	}
	return parsed.data;
}
