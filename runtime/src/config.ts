/**
 * Runtime configuration, read once from the environment. A bad value stops start-up with a
 * message naming the variable, before any instance is touched.
 */
import path from 'node:path';
import { withoutEmptyValues } from '@epic/node-support/env';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const seconds = z.coerce.number().positive();

const RuntimeEnvSchema = z
	.object({
		/** Port of the management API the control plane calls. */
		RUNTIME_API_PORT: port.default(8057),
		/** Loopback unless the control plane runs elsewhere (a container on a private network). */
		RUNTIME_API_HOST: z.string().min(1).default('127.0.0.1'),
		/** Shared secret the control plane sends as a bearer token. */
		RUNTIME_SECRET: z.string().min(32),
		/** Public port of the host router (in the embedded default, the only port users see). */
		ROUTER_PORT: port.default(8055),
		ROUTER_HOST: z.string().min(1).default('0.0.0.0'),
		/** Sites live at `{subdomain}.{PUBLIC_HOST}`; PUBLIC_HOST itself is the control plane. */
		PUBLIC_HOST: z.string().min(1).default('localhost'),
		/** Scheme and port of the sites' public URLs, e.g. `http://` + host + `:8055`. */
		SITE_URL_SCHEME: z.enum(['http', 'https']).default('http'),
		SITE_URL_PORT: port.optional(),
		/** Where the control plane listens; requests for its own hosts pass through to it. */
		CONTROL_PLANE_URL: z.url().optional(),
		/** Comma-separated hosts of the control plane (portal, Studio); default PUBLIC_HOST. */
		CONTROL_PLANE_HOSTS: z.string().optional(),
		RUNTIME_DATA_DIR: z.string().min(1).default('data/runtime'),
		/** Where site backups are kept (local store); default `backups/` in the runtime's data folder. */
		BACKUP_DIR: z.string().min(1).optional(),
		/** Scheduled backups each project keeps; manual and safety backups do not count. */
		BACKUP_KEEP_SCHEDULED: z.coerce.number().int().min(0).max(1000).default(7),
		/** Instances use SQLite files, or PostgreSQL databases cloned from a template database. */
		INSTANCE_DB_CLIENT: z.enum(['sqlite3', 'pg']).default('sqlite3'),
		/** A PostgreSQL URL with the right to create databases (its database part is replaced). */
		INSTANCE_PG_URL: z.string().optional(),
		/** Prefix of every database this runtime creates, so two runtimes never touch each other's. */
		INSTANCE_DB_PREFIX: z
			.string()
			.regex(/^[a-z][a-z0-9_]{0,30}$/)
			.default('epic_site'),
		WARM_POOL_SIZE: z.coerce.number().int().min(0).max(20).default(1),
		/** An instance with no request for this long is stopped, and woken by the next request. */
		IDLE_TIMEOUT_SECONDS: seconds.default(900),
		/** How long a browser navigation is held before it gets the "starting your CMS" page. */
		WAKE_PAGE_AFTER_MS: z.coerce.number().int().min(0).default(1000),
		/** How long an instance may take from spawn to answering `/server/ping`. */
		INSTANCE_START_TIMEOUT_SECONDS: seconds.default(60),
		INSTANCE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
		SUPPORT_EMAIL: z.email().default('support@example.com'),
		/** The Prometheus scrape address (`/metrics`): loopback by default, never the router's port. */
		METRICS_PORT: port.default(9464),
		METRICS_HOST: z.string().min(1).default('127.0.0.1'),
	})
	.superRefine((env, ctx) => {
		for (const taken of ['ROUTER_PORT', 'RUNTIME_API_PORT'] as const) {
			if (env.METRICS_PORT === env[taken]) ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `must differ from ${taken}` });
		}
		if (env.INSTANCE_DB_CLIENT === 'pg' && !env.INSTANCE_PG_URL) {
			ctx.addIssue({ code: 'custom', path: ['INSTANCE_PG_URL'], message: 'is required when INSTANCE_DB_CLIENT=pg' });
		}
	});

export type RuntimeEnv = z.infer<typeof RuntimeEnvSchema>;

export interface RuntimeConfig extends RuntimeEnv {
	dataDir: string;
	backupDir: string;
	controlPlaneHosts: Set<string>;
}

export class RuntimeConfigError extends Error {}

export function loadRuntimeConfig(env: NodeJS.ProcessEnv, rootDir: string): RuntimeConfig {
	const parsed = RuntimeEnvSchema.safeParse(withoutEmptyValues(env));
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
		throw new RuntimeConfigError(`Invalid runtime configuration:\n${problems.join('\n')}`);
	}
	const hosts = (parsed.data.CONTROL_PLANE_HOSTS ?? parsed.data.PUBLIC_HOST).split(',');
	const dataDir = path.resolve(rootDir, parsed.data.RUNTIME_DATA_DIR);
	return {
		...parsed.data,
		dataDir,
		backupDir: parsed.data.BACKUP_DIR ? path.resolve(rootDir, parsed.data.BACKUP_DIR) : path.join(dataDir, 'backups'),
		controlPlaneHosts: new Set(hosts.map((host) => host.trim().toLowerCase()).filter(Boolean)),
	};
}

/** The public URL of a site, which its Directus uses for links it builds (PUBLIC_URL). */
export function siteUrl(config: RuntimeConfig, host: string): string {
	const defaultPort = config.SITE_URL_SCHEME === 'https' ? 443 : 80;
	const port = config.SITE_URL_PORT ?? config.ROUTER_PORT;
	const portPart = port === defaultPort ? '' : `:${port}`;
	return `${config.SITE_URL_SCHEME}://${host}${portPart}`;
}
