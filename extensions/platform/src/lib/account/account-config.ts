/**
 * The account rules' settings, from the environment Directus was started with. Defaults are the
 * product's: on unless turned down (docs/operations.md, Abuse limits).
 */
import { z } from 'zod';
import { parseEnvConfig } from '../env-config.ts';

const count = z.coerce.number().int().positive();
const optionalText = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().optional());

const AccountConfigSchema = z.object({
	SECRET: z.string().min(1),
	PUBLIC_URL: z.string().url().default('http://localhost:8055'),
	SUPPORT_EMAIL: z.string().default('support@example.com'),
	/** Failed sign-ins to one email address before it is locked… */
	LOGIN_LOCK_ATTEMPTS: count.default(5),
	/** …for this many minutes (counted from the first failure of the series). */
	LOGIN_LOCK_MINUTES: count.default(15),
	/** Sign-in requests per client address per window. */
	RATE_LIMITER_LOGIN_POINTS: count.default(10),
	RATE_LIMITER_LOGIN_DURATION: count.default(60),
	/** Registrations (and verification-email resends) per client address per window. */
	RATE_LIMITER_REGISTRATION_POINTS: count.default(5),
	RATE_LIMITER_REGISTRATION_DURATION: count.default(60),
	/** Password-reset requests per client address per window. */
	RATE_LIMITER_PASSWORD_RESET_POINTS: count.default(5),
	RATE_LIMITER_PASSWORD_RESET_DURATION: count.default(60),
	/** Verification and password-reset emails per recipient mailbox per hour, whatever path asked for them. */
	ACCOUNT_EMAILS_PER_RECIPIENT_PER_HOUR: count.default(5),
	/** Per account per hour: projects created, deleted, domain changes and restores (http/rate-limits/account-actions.ts). */
	PROJECT_CREATES_PER_HOUR: count.default(10),
	PROJECT_DELETES_PER_HOUR: count.default(10),
	DOMAIN_CHANGES_PER_HOUR: count.default(10),
	RESTORES_PER_HOUR: count.default(5),
	/** Email-change requests per account per hour: each sends an email to an address the caller chose. */
	EMAIL_CHANGE_REQUESTS_PER_HOUR: count.default(5),
	/** Redis for the limits' counters, shared by every control-plane process; memory without it. */
	REDIS: optionalText,
});

export type AccountConfig = z.infer<typeof AccountConfigSchema>;

export function readAccountConfig(env: Record<string, unknown>): AccountConfig {
	return parseEnvConfig(AccountConfigSchema, env, 'account');
}
