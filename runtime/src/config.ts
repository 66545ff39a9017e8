/**
 * Runtime configuration, read once from the environment. A bad value stops start-up with a
 * message naming the variable, before any instance is touched.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutEmptyValues } from '@epic/node-support/env';
import { publicSiteUrl } from '@epic/runtime-contract';
import { z } from 'zod';
import type { SiteMailRoute } from './site-mail/site-mail-env.ts';

const port = z.coerce.number().int().min(1).max(65535);
const seconds = z.coerce.number().positive();
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every BACKUP_S3_* setting but the bucket: any of them without a bucket is a mistake, not a wish for the local store. */
const S3_SETTINGS = ['BACKUP_S3_ENDPOINT', 'BACKUP_S3_REGION', 'BACKUP_S3_PREFIX', 'BACKUP_S3_FORCE_PATH_STYLE', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'] as const;

const RuntimeEnvSchema = z
	.object({
		/** Port of the management API the control plane calls. */
		RUNTIME_API_PORT: port.default(8057),
		/** Loopback unless the control plane runs elsewhere (a container on a private network). */
		RUNTIME_API_HOST: z.string().min(1).default('127.0.0.1'),
		/** Shared secret the control plane sends as a bearer token. */
		RUNTIME_SECRET: z.string().min(32),
		/**
		 * The secret before a rotation (docs/swarm.md, Rotating RUNTIME_SECRET): while it is set, what
		 * was sealed or signed with it is still accepted (the state table's credentials, the management
		 * API's bearer, swarm sites' S3 keys and task tokens), and the state table is sealed again
		 * under RUNTIME_SECRET at start.
		 */
		RUNTIME_SECRET_PREVIOUS: z.string().min(32).optional(),
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
		/**
		 * Comma-separated addresses of proxies in front of the router (Caddy in the production stack)
		 * whose X-Forwarded-For is passed on as it came: without it, every client the proxy forwards
		 * would reach the control plane's limits as the proxy's address.
		 */
		ROUTER_TRUSTED_PROXIES: z.string().default(''),
		RUNTIME_DATA_DIR: z.string().min(1).default('data/runtime'),
		/** Where site backups are kept (local store); default `backups/` in the runtime's data folder. With S3, only work files. */
		BACKUP_DIR: z.string().min(1).optional(),
		/** Set, backups are kept in this S3-compatible bucket instead of BACKUP_DIR (S3's bucket naming rules). */
		BACKUP_S3_BUCKET: z
			.string()
			.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
			.optional(),
		/** The S3-compatible server (MinIO, Ceph, R2…); unset, AWS S3 of BACKUP_S3_REGION. */
		BACKUP_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
		/** Default `us-east-1`, which most S3-compatible servers expect. */
		BACKUP_S3_REGION: z
			.string()
			.regex(/^[a-z0-9-]+$/)
			.optional(),
		/** Key prefix before `<projectId>/`, e.g. `epic/backups`; a missing final `/` is added. */
		BACKUP_S3_PREFIX: z
			.string()
			.regex(/^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*\/?$/, 'must be segments of letters, digits, ".", "_" and "-" between "/"')
			.transform((prefix) => (prefix.endsWith('/') ? prefix : `${prefix}/`))
			.optional(),
		/** `bucket` in the path instead of the host name, as most S3-compatible servers need. */
		BACKUP_S3_FORCE_PATH_STYLE: flag.optional(),
		/** Both or neither; neither, the SDK's default chain (AWS_* variables, profile, instance role). */
		BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
		BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
		/**
		 * The platform's own migrations for every site, run by `directus database migrate:latest` next
		 * to Directus's when a site is upgraded (and by the bootstrap of each version's template).
		 */
		SITE_MIGRATIONS_PATH: z.string().min(1).optional(),
		/** Scheduled backups each project keeps; manual and safety backups do not count. */
		BACKUP_KEEP_SCHEDULED: z.coerce.number().int().min(0).max(1000).default(7),
		/** Manual backups and the safety backups restores take, kept per project (the newest). */
		BACKUP_KEEP_MANUAL: z.coerce.number().int().min(1).max(1000).default(10),
		BACKUP_KEEP_SAFETY: z.coerce.number().int().min(1).max(1000).default(3),
		/** Instances use SQLite files, or PostgreSQL databases cloned from a template database. */
		INSTANCE_DB_CLIENT: z.enum(['sqlite3', 'pg']).default('sqlite3'),
		/**
		 * A PostgreSQL URL with the right to create databases and roles (a superuser; or CREATEDB and
		 * CREATEROLE, on PostgreSQL 16 and later with createrole_self_grant = 'set'). Its database
		 * part is replaced.
		 */
		INSTANCE_PG_URL: z.string().optional(),
		/**
		 * Where the runtime keeps its instance records: a PostgreSQL database (any role that may create
		 * a table in it), so that a runtime started on another machine adopts the same sites; unset,
		 * the data folder's state.json. One runtime at a time holds a database's records.
		 */
		RUNTIME_STATE_PG_URL: z
			.string()
			.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
			.optional(),
		/** Prefix of every database this runtime creates, so two runtimes never touch each other's. */
		INSTANCE_DB_PREFIX: z
			.string()
			.regex(/^[a-z][a-z0-9_]{0,30}$/)
			.default('epic_site'),
		WARM_POOL_SIZE: z.coerce.number().int().min(0).max(20).default(1),
		/** An instance with no request for this long is stopped, and woken by the next request. */
		IDLE_TIMEOUT_SECONDS: seconds.default(900),
		/**
		 * Sleep tiers (docs/architecture.md#data-plane-runtime, "Sleep tiers"). A site idle for IDLE_TIMEOUT_SECONDS is
		 * paused while the paused sites' memory stays under PAUSED_MEMORY_LIMIT_MB (0: never paused);
		 * after PAUSED_FOR_SECONDS paused it is checkpointed (where CRIU works, within
		 * CHECKPOINT_DISK_LIMIT_MB of images) or stopped; an image older than CHECKPOINT_KEEP_SECONDS
		 * is dropped, leaving the site stopped.
		 */
		PAUSED_MEMORY_LIMIT_MB: z.coerce.number().int().min(0).default(2048),
		PAUSED_FOR_SECONDS: z.coerce.number().min(0).default(3600),
		CHECKPOINT_DISK_LIMIT_MB: z.coerce.number().int().min(0).default(20_480),
		CHECKPOINT_KEEP_SECONDS: seconds.default(7 * 24 * 3600),
		/** Free memory and disk the tiers always leave: below them a site is stopped instead. */
		MIN_FREE_MEMORY_MB: z.coerce.number().int().min(0).default(512),
		MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(2048),
		/** CRIU and the site launcher (runtime/native/site-launcher.c); without both, no checkpoints. */
		CRIU_PATH: z.string().min(1).optional(),
		SITE_LAUNCHER_PATH: z.string().min(1).optional(),
		/** The first of the uids the process driver gives sites when the runtime is root (processes/site-users.ts). */
		SITE_UID_BASE: z.coerce.number().int().min(1000).max(4_000_000_000).default(200_000),
		/**
		 * Under root, sites run as uids of their own, and then cannot be checkpointed: CRIU's parasite,
		 * running as the site, must mount a /proc for the site's PID namespace, which an unprivileged
		 * process may not. True runs every site as the runtime's own user (root) to keep checkpoints:
		 * then any site can read every other site's data. For one developer's machine only.
		 */
		SITES_SHARE_RUNTIME_USER: flag.default(false),
		/** How long a browser navigation is held before it gets the "starting your CMS" page. */
		WAKE_PAGE_AFTER_MS: z.coerce.number().int().min(0).default(1000),
		/**
		 * Below this much free memory a visitor's request does not wake a stopped or checkpointed site
		 * (it answers 503 with Retry-After and the site sleeps on): anyone can send a request to
		 * every site, and each wake costs a site's memory. A paused site costs none to wake.
		 */
		WAKE_MIN_FREE_MEMORY_MB: z.coerce.number().int().min(0).max(10_000_000).default(256),
		/** A site's largest upload and its storage (uploads plus database), unless its plan says (SiteResources); 0: no quota. */
		SITE_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(10_240).default(100),
		SITE_STORAGE_QUOTA_MB: z.coerce.number().int().min(0).max(1_048_576).default(0),
		/** The router's limits on a client: all of its headers, and its whole request (uploads included). */
		ROUTER_HEADERS_TIMEOUT_SECONDS: seconds.default(20),
		ROUTER_REQUEST_TIMEOUT_SECONDS: seconds.default(1800),
		/** How long an instance may take from spawn to answering `/server/ping`. */
		INSTANCE_START_TIMEOUT_SECONDS: seconds.default(60),
		/**
		 * V8's old-space limit of each site's Directus, in MiB (0: Node's default), and its young
		 * generation's semi-space limit (0: Node's default, 16). Chosen by bench:site-memory, Node's
		 * defaults measured in the same run: idle PSS 188 MiB against 250, 197 after steady load
		 * against 496, no failure in steady reads or a 200-connection burst; the costs are a cold
		 * provision about 0.5 s slower and a lower rate in the burst. 128 crashed under that burst.
		 * (That run's figures drifted up by about 15 MiB in later runs: see INSTANCE_COMPILE_CACHE.)
		 */
		INSTANCE_HEAP_LIMIT_MB: z.coerce.number().int().min(0).default(160),
		INSTANCE_SEMI_SPACE_MB: z.coerce.number().int().min(0).max(64).default(2),
		/**
		 * Node's compile cache shared by every site (NODE_COMPILE_CACHE). Off by default: a site that
		 * loads its code from it keeps the cached code of every module in memory, about 25 MiB more
		 * PSS per idle site (bench:site-memory: 174-178 MiB without, 200-204 with, in one run),
		 * for a cold provision only about 0.3 s faster.
		 */
		INSTANCE_COMPILE_CACHE: flag.default(false),
		/**
		 * How a site runs: `process`, one Directus process per site on this machine (the default),
		 * `docker`, each site in its own container (runtime/src/containers/), or `swarm`, each site a
		 * Docker Swarm service placed on any node (runtime/src/swarm/, docs/swarm.md).
		 */
		RUNTIME_DRIVER: z.enum(['process', 'docker', 'swarm']).default('process'),
		/** Swarm: the sites' network, made from each node's config-only network (runtime/swarm-node.ts prepare). */
		SWARM_SITE_NETWORK: z
			.string()
			.regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,40}$/)
			.default('epic-swarm-sites'),
		/** Swarm: the address site tasks reach PostgreSQL at from any node (INSTANCE_PG_URL is the runtime's). */
		SWARM_SITE_DATABASE_HOST: z.string().min(1).optional(),
		SWARM_SITE_DATABASE_PORT: port.optional(),
		/** Swarm: the S3-compatible bucket sites keep their uploads in, each under `<prefix><instance id>/`. */
		SWARM_SITE_S3_BUCKET: z
			.string()
			.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
			.optional(),
		SWARM_SITE_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
		SWARM_SITE_S3_REGION: z
			.string()
			.regex(/^[a-z0-9-]+$/)
			.default('us-east-1'),
		SWARM_SITE_S3_PREFIX: z
			.string()
			.regex(/^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*\/?$/, 'must be segments of letters, digits, ".", "_" and "-" between "/"')
			.transform((prefix) => (prefix.endsWith('/') ? prefix : `${prefix}/`))
			.default('sites/'),
		SWARM_SITE_S3_FORCE_PATH_STYLE: flag.default(false),
		SWARM_SITE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
		SWARM_SITE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
		/**
		 * Swarm: where the runtime's S3 gate listens, an address every node reaches. Sites reach the
		 * bucket only through it, each with a key of its own for its own prefix (runtime/src/swarm/s3-gate/).
		 */
		SWARM_SITE_S3_GATE_HOST: z.string().min(1).optional(),
		SWARM_SITE_S3_GATE_PORT: port.default(9555),
		/**
		 * Swarm: the node agents (runtime/swarm-node.ts agent) the runtime asks to pause and thaw a
		 * site's task on its node, on this port of every node, with this secret. Without the secret,
		 * swarm sites sleep stopped.
		 */
		SWARM_NODE_AGENT_PORT: port.default(9556),
		SWARM_NODE_AGENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
		/**
		 * Swarm: the runtime's own Swarm service, when it runs as one (docker-stack.yml sets
		 * `{{.Service.Name}}`). A SIGTERM while that service still exists (a rolling update, a scale
		 * to zero, a move to another manager) leaves the sites running for the next runtime to take
		 * over; once it is gone (`docker stack rm`), the runtime removes them as it stops.
		 */
		RUNTIME_SWARM_SERVICE: z
			.string()
			.regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/, 'must be a Swarm service name')
			.optional(),
		/** The site image (Dockerfile, target site): Node 22 and the installed packages in /app. */
		DOCKER_SITE_IMAGE: z.string().min(1).default('epic/site:latest'),
		/**
		 * A host folder of installed packages (a checkout's node_modules) mounted read-only over the
		 * image's: a base image with Node 22 then serves as the site image, without building one.
		 */
		DOCKER_SITE_CODE_DIR: z.string().min(1).optional(),
		/** The network the site containers join; created, without inter-container traffic, if missing. */
		DOCKER_SITE_NETWORK: z
			.string()
			.regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/)
			.default('epic-sites'),
		/** Each site container's memory limit (swap included) and CPU weight (Docker's --cpu-shares). */
		DOCKER_SITE_MEMORY_MB: z.coerce.number().int().min(128).default(512),
		DOCKER_SITE_CPU_SHARES: z.coerce.number().int().min(2).max(262_144).default(1024),
		DOCKER_SITE_PIDS_LIMIT: z.coerce.number().int().min(16).default(256),
		/** Start even when the firewall rules that shield the host and private networks cannot be added. */
		DOCKER_ALLOW_UNSHIELDED_SITES: flag.default(false),
		/** The unprivileged user the sites run as, never root. */
		DOCKER_SITE_UID: z.coerce.number().int().min(1).max(2_147_483_647).default(1000),
		INSTANCE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
		SUPPORT_EMAIL: z.email().default('support@example.com'),
		/**
		 * The platform's SMTP server that sites' mail goes out through (smtp://user:pass@host:port, or
		 * smtps://). Unset: sites send no mail, and a send fails naming why.
		 */
		SITE_MAIL_SMTP_URL: z
			.string()
			.regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
			.optional(),
		/** Where the runtime's mail relay listens for processes' sites (containers reach it on their bridge). */
		SITE_MAIL_RELAY_HOST: z.string().min(1).default('127.0.0.1'),
		SITE_MAIL_RELAY_PORT: port.default(2525),
		/** The address sites' mail is sent from, under each site's name; default sites@PUBLIC_HOST. */
		SITE_MAIL_FROM: z.email().optional(),
		/** Emails (recipients) a site may send per clock hour when its plan sets none. */
		SITE_MAIL_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(50),
		/** The Prometheus scrape address (`/metrics`): loopback by default, never the router's port. */
		METRICS_PORT: port.default(9464),
		METRICS_HOST: z.string().min(1).default('127.0.0.1'),
	})
	.superRefine((env, ctx) => {
		if (env.RUNTIME_SECRET_PREVIOUS === env.RUNTIME_SECRET) ctx.addIssue({ code: 'custom', path: ['RUNTIME_SECRET_PREVIOUS'], message: 'must differ from RUNTIME_SECRET' });
		for (const taken of ['ROUTER_PORT', 'RUNTIME_API_PORT'] as const) {
			if (env.METRICS_PORT === env[taken]) ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `must differ from ${taken}` });
			if (env.SITE_MAIL_SMTP_URL && env.SITE_MAIL_RELAY_PORT === env[taken]) ctx.addIssue({ code: 'custom', path: ['SITE_MAIL_RELAY_PORT'], message: `must differ from ${taken}` });
		}
		if (env.RUNTIME_DRIVER === 'swarm') {
			// A site's data must be reachable from every node: nothing of it may sit on one.
			if (env.INSTANCE_DB_CLIENT !== 'pg') ctx.addIssue({ code: 'custom', path: ['INSTANCE_DB_CLIENT'], message: 'must be pg when RUNTIME_DRIVER=swarm' });
			for (const name of [
				'SWARM_SITE_DATABASE_HOST',
				'SWARM_SITE_S3_BUCKET',
				'SWARM_SITE_S3_ACCESS_KEY_ID',
				'SWARM_SITE_S3_SECRET_ACCESS_KEY',
				'SWARM_SITE_S3_GATE_HOST',
			] as const) {
				if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when RUNTIME_DRIVER=swarm' });
			}
		}
		if (env.RUNTIME_SWARM_SERVICE && env.RUNTIME_DRIVER !== 'swarm') {
			ctx.addIssue({ code: 'custom', path: ['RUNTIME_SWARM_SERVICE'], message: 'is only for RUNTIME_DRIVER=swarm' });
		}
		if (env.INSTANCE_DB_CLIENT === 'pg' && !env.INSTANCE_PG_URL) {
			ctx.addIssue({ code: 'custom', path: ['INSTANCE_PG_URL'], message: 'is required when INSTANCE_DB_CLIENT=pg' });
		}
		if (!env.BACKUP_S3_BUCKET) {
			const given = S3_SETTINGS.filter((name) => env[name] !== undefined);
			if (given.length) ctx.addIssue({ code: 'custom', path: ['BACKUP_S3_BUCKET'], message: `is required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set` });
		}
		if (Boolean(env.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(env.BACKUP_S3_SECRET_ACCESS_KEY)) {
			const missing = env.BACKUP_S3_ACCESS_KEY_ID ? 'BACKUP_S3_SECRET_ACCESS_KEY' : 'BACKUP_S3_ACCESS_KEY_ID';
			ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other half of the S3 credentials' });
		}
	});

export type RuntimeEnv = z.infer<typeof RuntimeEnvSchema>;

/** Where and how the S3 backup store connects; the secret key never goes into a log line. */
export interface BackupS3Settings {
	bucket: string;
	endpoint: string | undefined;
	region: string;
	/** Empty, or ending in `/`. */
	prefix: string;
	forcePathStyle: boolean;
	/** Undefined: the SDK's default credential chain. */
	credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface RuntimeConfig extends RuntimeEnv {
	dataDir: string;
	/** The local store's folder; with the S3 store, only its `.work/` folder is used. */
	backupDir: string;
	/** Set when backups go to an S3-compatible bucket (BACKUP_S3_BUCKET). */
	backupS3: BackupS3Settings | null;
	siteMigrationsDir: string;
	controlPlaneHosts: Set<string>;
	trustedProxies: Set<string>;
	/** Absolute; set with DOCKER_SITE_CODE_DIR. */
	dockerSiteCodeDir: string | undefined;
	/** How sites reach the mail relay; null when sites send no mail (no SITE_MAIL_SMTP_URL). */
	siteMail: SiteMailRoute | null;
	/** Where swarm sites keep their data (RUNTIME_DRIVER=swarm); null for the other drivers. */
	swarmSiteStorage: SwarmSiteStorage | null;
}

/** A swarm site's database address and uploads bucket, and the S3 gate every node reaches them through. */
export interface SwarmSiteStorage {
	databaseHost: string;
	databasePort: number | undefined;
	/** The bucket and its own credentials: the gate's alone, never a site's. */
	s3: { bucket: string; endpoint: string | undefined; region: string; prefix: string; forcePathStyle: boolean; accessKeyId: string; secretAccessKey: string };
	gate: { host: string; port: number };
}

function swarmSiteStorage(env: RuntimeEnv): SwarmSiteStorage | null {
	if (env.RUNTIME_DRIVER !== 'swarm') return null;
	return {
		databaseHost: env.SWARM_SITE_DATABASE_HOST!,
		databasePort: env.SWARM_SITE_DATABASE_PORT,
		s3: {
			bucket: env.SWARM_SITE_S3_BUCKET!,
			endpoint: env.SWARM_SITE_S3_ENDPOINT,
			region: env.SWARM_SITE_S3_REGION,
			prefix: env.SWARM_SITE_S3_PREFIX,
			forcePathStyle: env.SWARM_SITE_S3_FORCE_PATH_STYLE,
			accessKeyId: env.SWARM_SITE_S3_ACCESS_KEY_ID!,
			secretAccessKey: env.SWARM_SITE_S3_SECRET_ACCESS_KEY!,
		},
		gate: { host: env.SWARM_SITE_S3_GATE_HOST!, port: env.SWARM_SITE_S3_GATE_PORT },
	};
}

export class RuntimeConfigError extends Error {}

/** A comma-separated list of addresses (ROUTER_TRUSTED_PROXIES), blanks and spaces dropped. */
export function addressList(text: string): Set<string> {
	return new Set(
		text
			.split(',')
			.map((address) => address.trim())
			.filter(Boolean),
	);
}

function backupS3Settings(env: RuntimeEnv): BackupS3Settings | null {
	if (!env.BACKUP_S3_BUCKET) return null;
	const { BACKUP_S3_ACCESS_KEY_ID: accessKeyId, BACKUP_S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
	return {
		bucket: env.BACKUP_S3_BUCKET,
		endpoint: env.BACKUP_S3_ENDPOINT,
		region: env.BACKUP_S3_REGION ?? 'us-east-1',
		prefix: env.BACKUP_S3_PREFIX ?? '',
		forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE ?? false,
		credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
	};
}

/** The site migrations that ship with the runtime (none yet): `runtime/site-migrations`. */
export const DEFAULT_SITE_MIGRATIONS_DIR = fileURLToPath(new URL('../site-migrations', import.meta.url));

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
		backupS3: backupS3Settings(parsed.data),
		swarmSiteStorage: swarmSiteStorage(parsed.data),
		siteMigrationsDir: parsed.data.SITE_MIGRATIONS_PATH ? path.resolve(rootDir, parsed.data.SITE_MIGRATIONS_PATH) : DEFAULT_SITE_MIGRATIONS_DIR,
		dockerSiteCodeDir: parsed.data.DOCKER_SITE_CODE_DIR ? path.resolve(rootDir, parsed.data.DOCKER_SITE_CODE_DIR) : undefined,
		siteMail: parsed.data.SITE_MAIL_SMTP_URL
			? {
					host: parsed.data.SITE_MAIL_RELAY_HOST,
					port: parsed.data.SITE_MAIL_RELAY_PORT,
					fromAddress: parsed.data.SITE_MAIL_FROM ?? `sites@${parsed.data.PUBLIC_HOST}`,
				}
			: null,
		controlPlaneHosts: new Set(hosts.map((host) => host.trim().toLowerCase()).filter(Boolean)),
		trustedProxies: addressList(parsed.data.ROUTER_TRUSTED_PROXIES),
	};
}

/** The public URL of a site, which its Directus uses for links it builds (PUBLIC_URL). */
export function siteUrl(config: RuntimeConfig, host: string): string {
	return publicSiteUrl(config.SITE_URL_SCHEME, host, config.SITE_URL_PORT ?? config.ROUTER_PORT);
}
