/**
 * A real runtime process for tests and benchmarks: `runtime/main.ts` spawned with Node 22, on free
 * ports, with its own data folder (and its own database prefix on PostgreSQL). It can be killed
 * with SIGKILL and started again on the same folder, which is how the crash tests work.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';
import pg from 'pg';
import { LocalRuntimeDriver } from '../../extensions/platform/src/lib/runtime-driver/local-runtime-driver.ts';
import { killAndWait, processesOfRuntime } from '../../runtime/src/processes/process-table.ts';
import { spawnRuntime, waitForRuntimeApi } from '@epic/local-platform/runtime-process';
import { checkpointToolsEnv, ensureCheckpointTools } from '@epic/local-platform/checkpoint-tools';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { hostRequest, jsonBody } from './host-request.ts';
import { copyPreparedSiteTemplate } from './prepared-site-template.ts';
import { readUntil } from './wait-for.ts';

export type RuntimeDatabaseClient = 'sqlite3' | 'pg';

export interface TestRuntimeOptions {
	db?: RuntimeDatabaseClient;
	warmPoolSize?: number;
	idleTimeoutSeconds?: number;
	wakePageAfterMs?: number;
	controlPlaneUrl?: string;
	/**
	 * Sleep tiers (see runtime/src/config.ts). Left out, sites are never paused nor checkpointed:
	 * they sleep stopped, as the tests of the cold wake expect.
	 */
	sleepTiers?: { pausedMemoryLimitMb: number; pausedForSeconds: number; checkpoints: boolean };
	/** The PostgreSQL URL the runtime uses (default TEST_POSTGRES_URL), e.g. through a PostgresGate. */
	pgUrl?: string;
	/** More variables for the runtime, e.g. the S3 backup store's (BACKUP_S3_*). */
	env?: Record<string, string>;
	/** The sites' migrations folder (SITE_MIGRATIONS_PATH); default the runtime's own. */
	siteMigrationsPath?: string;
	/** The platform's SMTP server sites' mail goes out through (SITE_MAIL_SMTP_URL); sites send none without it. */
	siteMailSmtpUrl?: string;
	/**
	 * A SQLite runtime on the default site migrations starts with a copy of a template made once
	 * (prepared-site-template.ts) unless this is false: then it makes its own, as a new machine's
	 * runtime does.
	 */
	preparedSiteTemplate?: boolean;
	/**
	 * The secret the test's driver sends, e.g. another runtime's, as a control plane does that was
	 * not yet given a rotated RUNTIME_SECRET; default a new random one.
	 */
	secret?: string;
}

export class TestRuntime {
	readonly dataDir: string;
	/** What the test's driver and the start's wait send; RUNTIME_SECRET too unless `env` says otherwise. */
	readonly secret: string;
	/** `epic_rt` + creation time in base 36 + 4 hex digits: old prefixes are recognisably abandoned. */
	readonly dbPrefix = `epic_rt${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
	readonly options: TestRuntimeOptions;
	apiPort = 0;
	routerPort = 0;
	metricsPort = 0;
	mailRelayPort = 0;
	process: ChildProcess | null = null;
	#runtimeOutput: () => string = () => '';
	#rotation: Record<string, string> = {};

	constructor(options: TestRuntimeOptions = {}) {
		this.options = options;
		this.secret = options.secret ?? randomBytes(24).toString('base64url');
		this.dataDir = mkdtempSync(path.join(os.tmpdir(), 'epic-runtime-'));
	}

	get apiUrl(): string {
		return `http://127.0.0.1:${this.apiPort}`;
	}

	get routerUrl(): string {
		return `http://127.0.0.1:${this.routerPort}`;
	}

	/** The Prometheus scrape address. */
	get metricsUrl(): string {
		return `http://127.0.0.1:${this.metricsPort}/metrics`;
	}

	get driver(): LocalRuntimeDriver {
		return new LocalRuntimeDriver({ url: this.apiUrl, secret: this.secret });
	}

	output(): string {
		return this.#runtimeOutput();
	}

	/** Starts the runtime process and resolves once its API answers. */
	async start(): Promise<void> {
		if (!this.apiPort) {
			this.apiPort = await freeLoopbackPort();
			this.routerPort = await freeLoopbackPort();
			this.metricsPort = await freeLoopbackPort();
			this.mailRelayPort = await freeLoopbackPort();
		}
		const env: Record<string, string> = {
			PATH: process.env['PATH'] ?? '',
			RUNTIME_SECRET: this.secret,
			RUNTIME_API_PORT: String(this.apiPort),
			ROUTER_PORT: String(this.routerPort),
			ROUTER_HOST: '127.0.0.1',
			METRICS_PORT: String(this.metricsPort),
			PUBLIC_HOST: 'localhost',
			RUNTIME_DATA_DIR: this.dataDir,
			WARM_POOL_SIZE: String(this.options.warmPoolSize ?? 1),
			IDLE_TIMEOUT_SECONDS: String(this.options.idleTimeoutSeconds ?? 900),
			WAKE_PAGE_AFTER_MS: String(this.options.wakePageAfterMs ?? 1000),
			INSTANCE_DB_CLIENT: this.options.db ?? 'sqlite3',
			INSTANCE_DB_PREFIX: this.dbPrefix,
			SUPPORT_EMAIL: 'help@epic-cms.example',
			// Two test files run side by side, each with its control plane and sites, beside a browser
			// and the stack's image build: the machine's load reaches 15 on its 2 cores, and a boot took
			// over the product's 60 s there. Under the control plane's 120 s wait for the runtime.
			INSTANCE_START_TIMEOUT_SECONDS: '110',
		};
		if (this.#startsWithPreparedTemplate(env)) await copyPreparedSiteTemplate(this.dataDir);
		if (this.options.db === 'pg') {
			env['INSTANCE_PG_URL'] = this.options.pgUrl ?? TEST_POSTGRES_URL;
			await dropAbandonedRuntimeDatabases();
		}
		const tiers = this.options.sleepTiers;
		env['PAUSED_MEMORY_LIMIT_MB'] = String(tiers?.pausedMemoryLimitMb ?? 0);
		if (tiers) env['PAUSED_FOR_SECONDS'] = String(tiers.pausedForSeconds);
		if (tiers?.checkpoints) {
			const tools = await ensureCheckpointTools((message) => process.stderr.write(`${message}\n`));
			if (!tools.ok) throw new Error(`The checkpoint tests need CRIU and the site launcher: ${tools.reason}`);
			Object.assign(env, checkpointToolsEnv(tools));
			// A root runtime gives sites uids of their own, which CRIU cannot checkpoint (runtime/src/config.ts).
			env['SITES_SHARE_RUNTIME_USER'] = 'true';
		}
		if (this.options.controlPlaneUrl) env['CONTROL_PLANE_URL'] = this.options.controlPlaneUrl;
		if (this.options.siteMigrationsPath) env['SITE_MIGRATIONS_PATH'] = this.options.siteMigrationsPath;
		// A port of its own even without mail: the default (2525) may be another runtime's.
		env['SITE_MAIL_RELAY_PORT'] = String(this.mailRelayPort);
		if (this.options.siteMailSmtpUrl) env['SITE_MAIL_SMTP_URL'] = this.options.siteMailSmtpUrl;
		const runtime = spawnRuntime({ ...env, ...this.options.env, ...this.#rotation });
		this.process = runtime.process;
		this.#runtimeOutput = runtime.output;
		// A ceiling for a loaded machine: at a load of 17 a swarm runtime's preparation of its instance
		// template took over 120 s.
		await waitForRuntimeApi(runtime, this.apiUrl, this.secret, 240_000);
	}

	/**
	 * Step 1 of a RUNTIME_SECRET rotation (docs/swarm.md) from the next start on: `secret` is the
	 * runtime's, and the one the driver keeps sending its previous, which it still accepts.
	 */
	rotateSecretAtNextStart(secret: string): void {
		this.#rotation = { RUNTIME_SECRET: secret, RUNTIME_SECRET_PREVIOUS: this.secret };
	}

	/** Only at the first start: a restart finds the template the runtime kept. */
	#startsWithPreparedTemplate(env: Record<string, string>): boolean {
		if (this.options.preparedSiteTemplate === false || this.process) return false;
		const variables = { ...env, ...this.options.env };
		return variables['INSTANCE_DB_CLIENT'] === 'sqlite3' && !this.options.siteMigrationsPath && !variables['SITE_MIGRATIONS_PATH'];
	}

	/** Resolves when the warm pool has `count` members ready. */
	async waitForPool(count = this.options.warmPoolSize ?? 1, timeoutMs = 60_000): Promise<void> {
		const available = async () => {
			const response = await fetch(`${this.apiUrl}/pool`, { headers: { authorization: `Bearer ${this.secret}` } });
			return ((await response.json()) as { data: { available: number } }).data.available;
		};
		if ((await readUntil(available, (ready) => ready >= count, timeoutMs, 100)) < count) {
			throw new Error(`The warm pool did not reach ${count} within ${timeoutMs} ms:\n${this.output()}`);
		}
	}

	/** SIGKILL: the runtime gets no chance to clean up; its instances keep running. */
	kill9(): Promise<void> {
		return this.#signalAndWait('SIGKILL');
	}

	/** SIGTERM: stops every instance, then the runtime. */
	stop(): Promise<void> {
		return this.#signalAndWait('SIGTERM');
	}

	async #signalAndWait(signal: NodeJS.Signals): Promise<void> {
		const child = this.process;
		if (!child || child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.kill(signal);
		await exited;
	}

	/**
	 * Stops the runtime and removes its folder and (on PostgreSQL) every database it made. A test
	 * that failed half-way may have left instances of a killed runtime: they are killed too.
	 */
	async destroy(): Promise<void> {
		await this.stop();
		for (const owned of processesOfRuntime(this.dataDir)) await killAndWait(owned.pid, 'SIGKILL');
		if (this.options.db === 'pg') await dropDatabasesWithPrefix(this.dbPrefix);
		rmSync(this.dataDir, { recursive: true, force: true });
	}
}

export async function databasesWithPrefix(prefix: string): Promise<string[]> {
	return namesWithPrefix('SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)', prefix);
}

/** The sites' roles (one per database, named as it) of runtimes whose prefix starts so. */
export async function rolesWithPrefix(prefix: string): Promise<string[]> {
	return namesWithPrefix('SELECT rolname AS name FROM pg_roles WHERE starts_with(rolname, $1)', prefix);
}

async function namesWithPrefix(query: string, prefix: string): Promise<string[]> {
	const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
	await client.connect();
	try {
		const { rows } = await client.query<{ name: string }>(query, [`${prefix}_`]);
		return rows.map((row) => row.name);
	} finally {
		await client.end();
	}
}

/** Runs killed before their teardown leave databases behind; older than this, nothing uses them. */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

function isAbandoned(name: string): boolean {
	const createdAt = parseInt(/^epic_rt([0-9a-z]+)[0-9a-f]{4}_/.exec(name)?.[1] ?? '', 36);
	return Number.isFinite(createdAt) && Date.now() - createdAt > ABANDONED_AFTER_MS;
}

async function dropAbandonedRuntimeDatabases(): Promise<void> {
	await dropDatabases((await databasesWithPrefix('epic')).filter(isAbandoned), (await rolesWithPrefix('epic')).filter(isAbandoned));
}

async function dropDatabasesWithPrefix(prefix: string): Promise<void> {
	await dropDatabases(await databasesWithPrefix(prefix), await rolesWithPrefix(prefix));
}

/** Databases first: a role that owns one cannot be dropped. */
async function dropDatabases(databases: string[], roles: string[]): Promise<void> {
	if (!databases.length && !roles.length) return;
	const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
	await client.connect();
	try {
		for (const name of databases) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
		for (const name of roles) await client.query(`DROP ROLE IF EXISTS "${name}"`);
	} finally {
		await client.end();
	}
}

/** Logs in to an instance's own Directus through the router, as its admin would. */
export async function loginThroughRouter(routerUrl: string, host: string, email: string, password: string): Promise<string> {
	const response = await hostRequest(routerUrl, host, '/auth/login', { method: 'POST', ...jsonBody({ email, password }) });
	const body = response.json<{ data?: { access_token: string } }>();
	if (response.status !== 200 || !body.data) throw new Error(`Login to ${host} failed (${response.status}): ${response.body}`);
	return body.data.access_token;
}
