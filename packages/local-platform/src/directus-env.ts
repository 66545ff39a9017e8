/**
 * Translates the platform configuration into the environment Directus reads. One place decides
 * how the control plane's Directus is configured, for `npm start`, the tests and the benchmarks.
 */
import path from 'node:path';
import type { PlatformConfig } from './config.ts';
import type { PlatformSecrets } from './secrets.ts';
import { NODE_COMPILE_CACHE_DIR } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';

/** Portal pages that Directus may put into verification and reset emails. */
function portalPage(config: PlatformConfig, page: string): string {
	return `${config.publicUrl}/${page}`;
}

function emailEnv(config: PlatformConfig): Record<string, string> {
	if (config.MAIL_CATCHER) {
		return {
			EMAIL_TRANSPORT: 'smtp',
			EMAIL_SMTP_HOST: '127.0.0.1',
			EMAIL_SMTP_PORT: String(config.MAIL_CATCHER_SMTP_PORT),
			EMAIL_SMTP_IGNORE_TLS: 'true',
		};
	}
	const env: Record<string, string> = {
		EMAIL_TRANSPORT: 'smtp',
		EMAIL_SMTP_HOST: config.EMAIL_SMTP_HOST ?? '',
		EMAIL_SMTP_PORT: String(config.EMAIL_SMTP_PORT ?? 587),
		EMAIL_SMTP_SECURE: String(config.EMAIL_SMTP_SECURE),
	};
	if (config.EMAIL_SMTP_USER) env['EMAIL_SMTP_USER'] = config.EMAIL_SMTP_USER;
	if (config.EMAIL_SMTP_PASSWORD) env['EMAIL_SMTP_PASSWORD'] = config.EMAIL_SMTP_PASSWORD;
	return env;
}

function databaseEnv(config: PlatformConfig): Record<string, string> {
	if (config.DB_CLIENT === 'pg') {
		return { DB_CLIENT: 'pg', DB_CONNECTION_STRING: config.DB_CONNECTION_STRING ?? '' };
	}
	return { DB_CLIENT: 'sqlite3', DB_FILENAME: path.join(config.dataDir, 'control-plane.db') };
}

/**
 * Stripe's embedded checkout loads its script from js.stripe.com and its frames from Stripe's
 * hosts; Directus's CSP allows neither. Only with the Stripe provider: the sandbox needs no third
 * party. Directus merges these lists over its own defaults, so they repeat them.
 */
const STRIPE_CONTENT_SECURITY_POLICY = {
	CONTENT_SECURITY_POLICY_DIRECTIVES__SCRIPT_SRC: "array:'self','unsafe-eval',https://js.stripe.com",
	CONTENT_SECURITY_POLICY_DIRECTIVES__FRAME_SRC: "array:'self',https://js.stripe.com,https://hooks.stripe.com,https://checkout.stripe.com",
};

function billingEnv(config: PlatformConfig): Record<string, string> {
	const env: Record<string, string> = {
		BILLING_PROVIDER: config.billingProvider,
		BILLING_GRACE_DAYS: String(config.BILLING_GRACE_DAYS),
		BILLING_SANDBOX_CLOCK_CONTROL: String(config.BILLING_SANDBOX_CLOCK_CONTROL && config.billingProvider === 'sandbox'),
	};
	for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'] as const) {
		const value = config[key];
		if (value) env[key] = value;
	}
	return config.billingProvider === 'stripe' ? { ...env, ...STRIPE_CONTENT_SECURITY_POLICY } : env;
}

/**
 * The abuse limits (docs/operations.md, Abuse limits): Directus's per-address API limit and the
 * platform's limits on registration, sign-in and reset requests, each in memory or, when REDIS is
 * set, in Redis.
 */
function limitsEnv(config: PlatformConfig): Record<string, string> {
	const env: Record<string, string> = {
		RATE_LIMITER_ENABLED: String(config.RATE_LIMITER_ENABLED),
		RATE_LIMITER_STORE: config.REDIS ? 'redis' : 'memory',
		// Directus deep-copies its cached schema on every getSchema() unless the cache is frozen; the
		// copies were about half the control plane's CPU under load (npm run bench:projects).
		CACHE_SCHEMA_FREEZE_ENABLED: 'true',
		RATE_LIMITER_POINTS: String(config.RATE_LIMITER_POINTS),
		RATE_LIMITER_DURATION: String(config.RATE_LIMITER_DURATION),
		// The platform limits registrations itself (with sign-ins and resets, in one store):
		// Directus's own registration limiter, on Redis, let one registration in six through uncounted.
		RATE_LIMITER_REGISTRATION_ENABLED: 'false',
		RATE_LIMITER_REGISTRATION_POINTS: String(config.RATE_LIMITER_REGISTRATION_POINTS),
		RATE_LIMITER_REGISTRATION_DURATION: String(config.RATE_LIMITER_REGISTRATION_DURATION),
		RATE_LIMITER_LOGIN_POINTS: String(config.RATE_LIMITER_LOGIN_POINTS),
		RATE_LIMITER_LOGIN_DURATION: String(config.RATE_LIMITER_LOGIN_DURATION),
		RATE_LIMITER_PASSWORD_RESET_POINTS: String(config.RATE_LIMITER_PASSWORD_RESET_POINTS),
		RATE_LIMITER_PASSWORD_RESET_DURATION: String(config.RATE_LIMITER_PASSWORD_RESET_DURATION),
		RATE_LIMITER_CONTACT_POINTS: String(config.RATE_LIMITER_CONTACT_POINTS),
		RATE_LIMITER_CONTACT_DURATION: String(config.RATE_LIMITER_CONTACT_DURATION),
		LOGIN_LOCK_ATTEMPTS: String(config.LOGIN_LOCK_ATTEMPTS),
		LOGIN_LOCK_MINUTES: String(config.LOGIN_LOCK_MINUTES),
		ACCOUNT_EMAILS_PER_RECIPIENT_PER_HOUR: String(config.ACCOUNT_EMAILS_PER_RECIPIENT_PER_HOUR),
		PROJECT_CREATES_PER_HOUR: String(config.PROJECT_CREATES_PER_HOUR),
		PROJECT_DELETES_PER_HOUR: String(config.PROJECT_DELETES_PER_HOUR),
		DOMAIN_CHANGES_PER_HOUR: String(config.DOMAIN_CHANGES_PER_HOUR),
		RESTORES_PER_HOUR: String(config.RESTORES_PER_HOUR),
		IP_TRUST_PROXY: String(config.IP_TRUST_PROXY ?? (config.embeddedRuntime ? 1 : 0)),
	};
	if (config.REDIS) env['REDIS'] = config.REDIS;
	return env;
}

/**
 * With Redis, several control-plane processes can serve one database (docs/operations.md,
 * Replicas): Directus moves its bus there by itself; its synchronisation store has each scheduled
 * tick (Flows, the bundle's schedules) fired by one replica instead of every one.
 */
function replicasEnv(config: PlatformConfig): Record<string, string> {
	return config.REDIS ? { SYNCHRONIZATION_STORE: 'redis' } : {};
}

/** How the control plane reaches the data plane: the runtime's management API. */
function runtimeDriverEnv(config: PlatformConfig, secrets: PlatformSecrets): Record<string, string> {
	const url = config.RUNTIME_URL ?? (config.embeddedRuntime ? `http://127.0.0.1:${config.RUNTIME_API_PORT}` : null);
	if (!url) return {};
	return { RUNTIME_URL: url, RUNTIME_SECRET: secrets.runtimeSecret };
}

/** Custom domains' DNS verification (docs/product.md, Domains API). */
function domainsEnv(config: PlatformConfig): Record<string, string> {
	const env: Record<string, string> = { DNS_TIMEOUT_MS: String(config.DNS_TIMEOUT_MS) };
	if (config.PUBLIC_IP) env['PUBLIC_IP'] = config.PUBLIC_IP;
	if (config.DNS_SERVERS) env['DNS_SERVERS'] = config.DNS_SERVERS;
	return env;
}

/**
 * On https, the sign-in cookies are `Secure` and named `__Host-…`, and HSTS is on. Sites live under
 * the same registrable domain unless the operator gives them another (docs/access-model.md), and a
 * customer runs script on theirs: a `__Host-` cookie cannot be set with a Domain attribute, so no
 * site can plant or overwrite staff's or customers' sessions on the control plane.
 */
export function cookieEnv(config: Pick<PlatformConfig, 'publicUrl'>): Record<string, string> {
	if (new URL(config.publicUrl).protocol !== 'https:') return {};
	return {
		SESSION_COOKIE_NAME: '__Host-epic_session',
		SESSION_COOKIE_SECURE: 'true',
		REFRESH_TOKEN_COOKIE_NAME: '__Host-epic_refresh',
		REFRESH_TOKEN_COOKIE_SECURE: 'true',
		HSTS_ENABLED: 'true',
	};
}

export function directusEnv(config: PlatformConfig, secrets: PlatformSecrets): Record<string, string> {
	return {
		...databaseEnv(config),
		...cookieEnv(config),
		...emailEnv(config),
		...billingEnv(config),
		...runtimeDriverEnv(config, secrets),
		...limitsEnv(config),
		...replicasEnv(config),
		...domainsEnv(config),
		HOST: config.controlPlaneHost,
		PORT: String(config.controlPlanePort),
		PUBLIC_URL: config.publicUrl,
		PUBLIC_HOST: config.PUBLIC_HOST,
		SECRET: secrets.secret,
		CREDENTIALS_KEY: secrets.credentialsKey,
		ADMIN_EMAIL: config.ADMIN_EMAIL,
		ADMIN_PASSWORD: secrets.adminPassword,
		EMAIL_FROM: config.EMAIL_FROM,
		SUPPORT_EMAIL: config.SUPPORT_EMAIL,
		// The portal owns `/`; Directus would otherwise redirect it to Studio.
		ROOT_REDIRECT: 'false',
		EXTENSIONS_PATH: repoPath('extensions'),
		// Directus also loads extensions listed as dependencies of a package.json; a missing file
		// aborts loading every extension, so point it at ours (which lists none).
		PACKAGE_FILE_LOCATION: repoPath(),
		EXTENSIONS_AUTO_RELOAD: 'false',
		MIGRATIONS_PATH: repoPath('migrations'),
		PORTAL_DIST: repoPath('portal', 'dist'),
		STORAGE_LOCATIONS: 'local',
		STORAGE_LOCAL_ROOT: path.join(config.dataDir, 'uploads'),
		USER_REGISTER_URL_ALLOW_LIST: portalPage(config, 'verify-email'),
		PASSWORD_RESET_URL_ALLOW_LIST: portalPage(config, 'reset-password'),
		WEBSOCKETS_ENABLED: 'true',
		TELEMETRY: 'false',
		LOG_LEVEL: config.LOG_LEVEL,
		LOG_STYLE: 'pretty',
		NODE_COMPILE_CACHE: NODE_COMPILE_CACHE_DIR,
	};
}
