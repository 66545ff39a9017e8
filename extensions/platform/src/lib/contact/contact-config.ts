/**
 * The contact form's settings, from the environment Directus was started with (docs/operations.md,
 * Abuse limits): where messages go, and how many a client address may send.
 */
import { z } from 'zod';
import { parseEnvConfig } from '../env-config.ts';

const count = z.coerce.number().int().positive();
const optionalText = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().optional());

const ContactConfigSchema = z.object({
	SUPPORT_EMAIL: z.string().default('support@example.com'),
	/** Messages per client address per window… */
	RATE_LIMITER_CONTACT_POINTS: count.default(5),
	/** …of this many seconds. */
	RATE_LIMITER_CONTACT_DURATION: count.default(3600),
	/** Copies one address may receive per day: each goes to an address the sender typed. */
	CONTACT_COPIES_PER_ADDRESS_PER_DAY: count.default(3),
	REDIS: optionalText,
});

export type ContactConfig = z.infer<typeof ContactConfigSchema>;

export function readContactConfig(env: Record<string, unknown>): ContactConfig {
	return parseEnvConfig(ContactConfigSchema, env, 'contact');
}
