/**
 * Platform configuration: every knob is an environment variable with a default that runs the
 * embedded stack (SQLite, sandbox billing, local mail catcher). Parsed once at start-up; a bad
 * value stops start-up with a message naming the variable, before any process is spawned.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { withoutEmptyValues } from '@epic/node-support/env';
import Joi from 'joi';
import { z } from 'zod';
import { portRange } from './replica-start.ts';

const port = z.coerce.number().int().min(1).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** One DNS server as `ip` or `ip:port` (IPv6 with a port in brackets: `[::1]:53`). */
function isDnsServer(value: string): boolean {
	if (isIP(value) !== 0) return true;
	const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
	const withPort = /^([^:]+):(\d{1,5})$/.exec(value);
	if (bracketed) return isIP(bracketed[1]!) === 6 && validPort(bracketed[2]);
	return withPort !== null && isIP(withPort[1]!) === 4 && validPort(withPort[2]);
}

/**
 * Directus checks a user's email with Joi's default rule, which also wants a top-level domain
 * IANA knows (`.test`, `.local` fail). Bootstrap refused such an admin email only after creating
 * the tables, and the next start carried on with no admin at all: so it is refused here, first.
 */
const DIRECTUS_EMAIL_RULE = 'Directus refuses this address (its top-level domain must be a real one, e.g. .com)';
function directusAcceptsEmail(email: string): boolean {
	return Joi.string().email().validate(email).error === undefined;
}

function isPortRange(value: string): boolean {
	try {
		portRange(value);
		return true;
	} catch {
		return false;
	}
}

function validPort(port: string | undefined): boolean {
	return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

const EnvSchema = z
	.object({
		PORT: port.default(8055),
		HOST: z.string().min(1).default('0.0.0.0'),
		PUBLIC_URL: z.url().optional(),
		PUBLIC_HOST: z.string().min(1).default('localhost'),
		/** The platform's public IPv4 address: a custom domain verifies when its A record is this. */
		PUBLIC_IP: z.ipv4().optional(),
		/** DNS servers asked by domain verification, comma-separated `ip` or `ip:port`; default the system's. */
		DNS_SERVERS: z
			.string()
			.refine((value) => value.split(',').every((server) => isDnsServer(server.trim())), 'comma-separated IP addresses, each optionally with :port')
			.optional(),
		/** How long domain verification waits for the DNS servers. */
		DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
		DATA_DIR: z.string().min(1).default('data'),
		DB_CLIENT: z.enum(['sqlite3', 'pg']).default('sqlite3'),
		DB_CONNECTION_STRING: z.string().optional(),
		ADMIN_EMAIL: z.email().refine(directusAcceptsEmail, DIRECTUS_EMAIL_RULE).default('admin@example.com'),
		ADMIN_PASSWORD: z.string().min(12).optional(),
		SECRET: z.string().min(32).optional(),
		SUPPORT_EMAIL: z.email().default('support@example.com'),
		EMAIL_FROM: z.email().default('no-reply@example.com'),
		MAIL_CATCHER: flag.default(true),
		MAIL_CATCHER_SMTP_PORT: port.default(1025),
		MAIL_CATCHER_UI_PORT: port.default(1080),
		EMAIL_SMTP_HOST: z.string().optional(),
		EMAIL_SMTP_PORT: port.optional(),
		EMAIL_SMTP_USER: z.string().optional(),
		EMAIL_SMTP_PASSWORD: z.string().optional(),
		EMAIL_SMTP_SECURE: flag.default(false),
		BILLING_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
		STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
		STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
		STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
		/** Another Stripe API origin: the tests' local Stripe-compatible server. */
		STRIPE_API_URL: z.url().optional(),
		/** Days a sandbox subscription stays past_due after a failed renewal before it is unpaid. */
		BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
		/** Lets staff move the sandbox's clock forward (tests and demos); never with Stripe. */
		BILLING_SANDBOX_CLOCK_CONTROL: flag.default(false),
		RATE_LIMITER_ENABLED: flag.default(true),
		RATE_LIMITER_POINTS: z.coerce.number().int().positive().default(50),
		RATE_LIMITER_DURATION: z.coerce.number().int().positive().default(1),
		/** Failed sign-ins to one address before it is locked, and for how many minutes. */
		LOGIN_LOCK_ATTEMPTS: z.coerce.number().int().positive().default(5),
		LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
		/** Per account per hour: projects created and deleted, domain changes, restores. */
		PROJECT_CREATES_PER_HOUR: z.coerce.number().int().positive().default(10),
		PROJECT_DELETES_PER_HOUR: z.coerce.number().int().positive().default(10),
		DOMAIN_CHANGES_PER_HOUR: z.coerce.number().int().positive().default(10),
		RESTORES_PER_HOUR: z.coerce.number().int().positive().default(5),
		/** Verification and password-reset emails one mailbox receives per hour, whatever asked for them. */
		ACCOUNT_EMAILS_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().positive().default(5),
		/** Sign-in and password-reset requests per client address per window (seconds). */
		RATE_LIMITER_LOGIN_POINTS: z.coerce.number().int().positive().default(10),
		RATE_LIMITER_LOGIN_DURATION: z.coerce.number().int().positive().default(60),
		RATE_LIMITER_PASSWORD_RESET_POINTS: z.coerce.number().int().positive().default(5),
		RATE_LIMITER_PASSWORD_RESET_DURATION: z.coerce.number().int().positive().default(60),
		/** Registrations per client address per window (Directus's own limiter). */
		RATE_LIMITER_REGISTRATION_POINTS: z.coerce.number().int().positive().default(5),
		RATE_LIMITER_REGISTRATION_DURATION: z.coerce.number().int().positive().default(60),
		/** Contact-form messages per client address per window (seconds). */
		RATE_LIMITER_CONTACT_POINTS: z.coerce.number().int().positive().default(5),
		RATE_LIMITER_CONTACT_DURATION: z.coerce.number().int().positive().default(3600),
		/** Redis URL: the limits' counters are shared there by every control-plane process. */
		REDIS: z.string().startsWith('redis').optional(),
		/**
		 * How many proxies in front of the control plane to trust for the client's address
		 * (X-Forwarded-For). Default: 1 behind the embedded runtime's router, else none, so a client
		 * cannot choose the address the limits count it under.
		 */
		IP_TRUST_PROXY: z.coerce.number().int().min(0).max(5).optional(),
		LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
		/**
		 * The data plane. Embedded (the default): `npm start` runs it, its router owns PORT and the
		 * control plane moves behind it. With RUNTIME_URL, a runtime elsewhere (its own container)
		 * is used instead; RUNTIME_ENABLED=false runs the control plane alone.
		 */
		RUNTIME_ENABLED: flag.default(true),
		RUNTIME_URL: z.url().optional(),
		CONTROL_PLANE_PORT: port.default(8056),
		/**
		 * Replicas on one host's network (docs/operations.md, Replicas): a range such as `8061-8068`,
		 * of which this control plane listens on the first free port, instead of PORT.
		 */
		CONTROL_PLANE_PORTS: z
			.string()
			.refine((value) => isPortRange(value), 'must be a range of at most 64 ports, e.g. 8061-8068')
			.optional(),
		/**
		 * On SIGTERM, how long the control plane goes on serving while it reports itself draining
		 * (`/platform-ready` answers 503), so the proxy in front stops sending it requests before it
		 * stops: a rolling restart then drops none. 0 stops at once.
		 */
		DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
		RUNTIME_API_PORT: port.default(8057),
		/** The embedded runtime's Prometheus scrape address (`/metrics`, both planes' metrics). */
		METRICS_PORT: port.default(9464),
		METRICS_HOST: z.string().min(1).default('127.0.0.1'),
		RUNTIME_SECRET: z.string().min(32).optional(),
		/** AES-256 key for projects' admin passwords at rest: 32 bytes, base64 or base64url. */
		CREDENTIALS_KEY: z
			.string()
			.refine((value) => Buffer.from(value, 'base64url').length === 32, 'must be 32 bytes, base64 or base64url encoded')
			.optional(),
		WARM_POOL_SIZE: z.coerce.number().int().min(0).max(20).default(1),
		IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(900),
		/** PostgreSQL URL allowed to create databases for instances; default DB_CONNECTION_STRING. */
		INSTANCE_PG_URL: z.string().optional(),
	})
	.superRefine((env, ctx) => {
		if (env.DB_CLIENT === 'pg' && !env.DB_CONNECTION_STRING) {
			ctx.addIssue({ code: 'custom', path: ['DB_CONNECTION_STRING'], message: 'is required when DB_CLIENT=pg' });
		}
		if (env.BILLING_PROVIDER === 'stripe') {
			for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
				if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when BILLING_PROVIDER=stripe' });
			}
		}
		if (env.RUNTIME_ENABLED && !env.RUNTIME_URL) {
			for (const taken of ['PORT', 'CONTROL_PLANE_PORT', 'RUNTIME_API_PORT'] as const) {
				if (env.METRICS_PORT === env[taken]) ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `must differ from ${taken}` });
			}
		}
		if (env.CONTROL_PLANE_PORTS && env.RUNTIME_ENABLED && !env.RUNTIME_URL) {
			ctx.addIssue({ code: 'custom', path: ['CONTROL_PLANE_PORTS'], message: 'is for replicas beside a runtime of their own (RUNTIME_URL)' });
		}
		if (env.RUNTIME_URL && !env.RUNTIME_SECRET) {
			ctx.addIssue({ code: 'custom', path: ['RUNTIME_SECRET'], message: 'is required when RUNTIME_URL is set' });
		}
		if (!env.MAIL_CATCHER && !env.EMAIL_SMTP_HOST) {
			ctx.addIssue({ code: 'custom', path: ['EMAIL_SMTP_HOST'], message: 'is required when MAIL_CATCHER=false' });
		}
	});

export type PlatformEnv = z.infer<typeof EnvSchema>;

export interface PlatformConfig extends PlatformEnv {
	/** Absolute path of the data folder (SQLite file, uploads, generated secrets). */
	dataDir: string;
	publicUrl: string;
	billingProvider: 'sandbox' | 'stripe';
	/** True when `npm start` runs the runtime itself. */
	embeddedRuntime: boolean;
	/** Where the control plane's Directus listens: behind the router when the runtime is embedded. */
	controlPlaneHost: string;
	controlPlanePort: number;
}

export class ConfigError extends Error {
	readonly problems: string[];

	constructor(problems: string[]) {
		super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
		this.problems = problems;
	}
}

export function loadConfig(env: NodeJS.ProcessEnv, rootDir: string): PlatformConfig {
	const parsed = EnvSchema.safeParse(withoutEmptyValues(env));
	if (!parsed.success) {
		throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
	}
	const values = parsed.data;
	const embeddedRuntime = values.RUNTIME_ENABLED && !values.RUNTIME_URL;
	return {
		...values,
		dataDir: path.resolve(rootDir, values.DATA_DIR),
		publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
		billingProvider: values.BILLING_PROVIDER ?? (values.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
		embeddedRuntime,
		controlPlaneHost: embeddedRuntime ? '127.0.0.1' : values.HOST,
		controlPlanePort: embeddedRuntime ? values.CONTROL_PLANE_PORT : values.PORT,
	};
}
