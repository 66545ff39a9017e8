/**
 * Boots a real control plane for a test run: Directus 12 with our bundle, schema snapshot and
 * migrations, on SQLite or on a fresh PostgreSQL database, plus a real mail catcher. It goes through
 * the same modules as `npm start`, so the tests exercise the real start-up path; the database is a
 * copy of one those modules prepared (prepared-database-template.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type PlatformConfig } from '@epic/local-platform/config';
import { prepareControlPlaneDatabase, startControlPlane } from '@epic/local-platform/control-plane';
import { databaseConnection, type DatabaseConnection } from '@epic/node-support/database-connection';
import { directusEnv } from '@epic/local-platform/directus-env';
import { startMailCatcher } from '@epic/local-platform/mail-catcher';
import { REPO_ROOT } from '@epic/node-support/paths';
import { stopProcess } from '@epic/node-support/processes';
import { loadOrCreateSecrets } from '@epic/local-platform/secrets';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { copyPreparedDatabase } from './prepared-database-template.ts';
import { createTestDatabase, type TestDatabase } from './postgres.ts';

export type TestDatabaseClient = 'sqlite3' | 'pg';

export const TEST_SUPPORT_EMAIL = 'help@support.epic-test.example';
export const TEST_PUBLIC_HOST = 'sites.epic-test.example';

/** What the test files receive, one per vitest worker, through vitest's `inject('controlPlanes')`. */
export interface ControlPlaneHandle {
	url: string;
	db: TestDatabaseClient;
	adminEmail: string;
	adminPassword: string;
	mailUiUrl: string;
	/** knex settings for tests that check the database itself. */
	knexConnection: DatabaseConnection;
	env: Record<string, string>;
	dataDir: string;
}

export interface RunningTestControlPlane extends ControlPlaneHandle {
	stop(): Promise<void>;
	/** SIGKILL: Directus gets no chance to finish anything. */
	kill9(): Promise<void>;
	/** Starts Directus again on the same port, database and data folder (after kill9). */
	restart(): Promise<void>;
	/** Everything Directus has printed so far (its log lines, JSON with LOG_STYLE=raw). */
	output(): string;
	/**
	 * Another Directus process on the same database, data folder and environment, on a port of its
	 * own: a second replica (docs/operations.md, Replicas). `directusEnv` adds to its environment.
	 * Stopped with the control plane.
	 */
	startReplica(directusEnv?: Record<string, string>): Promise<TestControlPlaneReplica>;
}

export interface TestControlPlaneReplica {
	url: string;
	stop(): Promise<void>;
	/** SIGKILL: Directus gets no chance to finish anything. */
	kill9(): Promise<void>;
	output(): string;
}

/** The handle's data alone, without the process controls: what may cross to test files (vitest's `provide`). */
export function handleData({ url, db, adminEmail, adminPassword, mailUiUrl, knexConnection, env, dataDir }: ControlPlaneHandle): ControlPlaneHandle {
	return { url, db, adminEmail, adminPassword, mailUiUrl, knexConnection, env, dataDir };
}

async function killNow(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGKILL');
	await exited;
}

/** A control plane's data folder, database and Directus environment, not yet prepared or started. */
interface TestEnvironment {
	config: PlatformConfig;
	env: Record<string, string>;
	dataDir: string;
	database: TestDatabase | null;
	adminPassword: string;
	smtpPort: number;
	uiPort: number;
	/** Drops the database and removes the data folder. */
	discard(): Promise<void>;
}

async function testEnvironment(
	db: TestDatabaseClient,
	label: string,
	overrides: Record<string, string> = {},
	extraDirectusEnv: Record<string, string> = {},
	pgServerUrl?: string,
): Promise<TestEnvironment> {
	const dataDir = mkdtempSync(path.join(os.tmpdir(), `epic-${label}-${db}-`));
	mkdirSync(path.join(dataDir, 'uploads'));
	const database: TestDatabase | null = db === 'pg' ? await createTestDatabase(label, pgServerUrl) : null;
	const [port, uiPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
	// A caller may name it, for a runtime started first whose sites send their mail here too.
	const smtpPort = Number(overrides['MAIL_CATCHER_SMTP_PORT'] ?? (await freeLoopbackPort()));
	const adminPassword = randomBytes(16).toString('base64url');

	const config = loadConfig(
		{
			DATA_DIR: dataDir,
			PORT: String(port),
			HOST: '127.0.0.1',
			// The control plane alone, listening on PORT itself (the runtime has its own suites).
			RUNTIME_ENABLED: 'false',
			PUBLIC_URL: `http://127.0.0.1:${port}`,
			DB_CLIENT: db,
			DB_CONNECTION_STRING: database?.connectionString,
			ADMIN_PASSWORD: adminPassword,
			// Distinct from the defaults, so tests can see the environment reach the portal.
			SUPPORT_EMAIL: TEST_SUPPORT_EMAIL,
			PUBLIC_HOST: TEST_PUBLIC_HOST,
			MAIL_CATCHER_SMTP_PORT: String(smtpPort),
			MAIL_CATCHER_UI_PORT: String(uiPort),
			// Rate limiting stays on; the limits are raised because the suites send bursts, sign in and
			// register far more often than a person would, all from one address and in parallel files.
			// tests/integration/abuse-limits.test.ts runs its own control plane with the defaults.
			RATE_LIMITER_POINTS: '5000',
			RATE_LIMITER_REGISTRATION_POINTS: '1000',
			RATE_LIMITER_LOGIN_POINTS: '1000',
			RATE_LIMITER_PASSWORD_RESET_POINTS: '1000',
			RATE_LIMITER_CONTACT_POINTS: '1000',
			LOG_LEVEL: 'warn',
			// Tests move the sandbox's clock to reach renewals and period ends.
			BILLING_SANDBOX_CLOCK_CONTROL: 'true',
			...overrides,
		},
		REPO_ROOT,
	);
	const secrets = loadOrCreateSecrets(dataDir, config);
	const env: Record<string, string> = {
		...directusEnv(config, secrets),
		LOG_STYLE: 'raw',
		// Directus's pressure limiter answers 503 while its event loop lags, which it does on a test
		// machine running two files beside each other's Directus boots (CI once saw a control plane's
		// first sign-in refused). It measures the machine, not the platform; production keeps it.
		PRESSURE_LIMITER_ENABLED: 'false',
		...extraDirectusEnv,
	};
	return {
		config,
		env,
		dataDir,
		database,
		adminPassword,
		smtpPort,
		uiPort,
		discard: async () => {
			await database?.drop();
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

export interface PreparedTestDatabase {
	/** knex settings for the database. */
	knexConnection: DatabaseConnection;
	/** Drops the database and its data folder. */
	discard(): Promise<void>;
}

/**
 * A database of its own, prepared exactly as the shared control plane's is (system tables, schema
 * snapshot, migrations) but served by no Directus: for a suite that changes it destructively.
 */
export async function prepareTestDatabase(db: TestDatabaseClient, label: string): Promise<PreparedTestDatabase> {
	const setup = await testEnvironment(db, label);
	try {
		await prepareControlPlaneDatabase({ env: setup.env, cwd: setup.dataDir });
	} catch (error) {
		await setup.discard();
		throw error;
	}
	return { knexConnection: databaseConnection(setup.env), discard: setup.discard };
}

/**
 * `env` adds to or overrides the platform configuration (e.g. a suite that runs the Stripe provider);
 * `directusEnv` goes to Directus as it is, like a variable `npm start` inherits from its own
 * environment (e.g. the bundle's schedules). `pgServerUrl`: the PostgreSQL server to make its
 * database on (the global setup's project names its own); default TEST_PG_URL.
 */
export async function bootTestControlPlane(
	db: TestDatabaseClient,
	options: { label?: string; env?: Record<string, string>; directusEnv?: Record<string, string>; pgServerUrl?: string | undefined; reachAtListenAddress?: boolean } = {},
): Promise<RunningTestControlPlane> {
	const { config, env, dataDir, adminPassword, smtpPort, uiPort, discard } = await testEnvironment(
		db,
		options.label ?? 'cp',
		options.env,
		options.directusEnv,
		options.pgServerUrl,
	);
	const mail = await startMailCatcher({ smtpPort, uiPort });

	try {
		await copyPreparedDatabase(env, adminPassword, dataDir);
		// Reached at PUBLIC_URL (the portal's links and Directus's allow-lists are built from it), or
		// where it listens, for a suite that gives it a public address nothing here serves (https).
		const url = options.reachAtListenAddress ? `http://127.0.0.1:${config.controlPlanePort}` : config.publicUrl;
		const start = () => startControlPlane({ env, cwd: dataDir, url, timeoutMs: 90_000 });
		let running = await start();
		const replicas: ChildProcess[] = [];
		return {
			url,
			db,
			adminEmail: config.ADMIN_EMAIL,
			adminPassword,
			mailUiUrl: mail.uiUrl.replace('localhost', '127.0.0.1'),
			knexConnection: databaseConnection(env),
			env,
			dataDir,
			stop: async () => {
				await Promise.all(replicas.map((replica) => stopProcess(replica)));
				await stopProcess(running.process);
				await mail.close();
				await discard();
			},
			kill9: () => killNow(running.process),
			restart: async () => {
				running = await start();
			},
			output: () => running.output(),
			startReplica: async (replicaEnv = {}) => {
				const port = await freeLoopbackPort();
				const replicaUrl = `http://127.0.0.1:${port}`;
				const replica = await startControlPlane({ env: { ...env, ...replicaEnv, PORT: String(port) }, cwd: dataDir, url: replicaUrl, timeoutMs: 90_000 });
				replicas.push(replica.process);
				return { url: replicaUrl, stop: () => stopProcess(replica.process), kill9: () => killNow(replica.process), output: replica.output };
			},
		};
	} catch (error) {
		await mail.close();
		await discard();
		throw error;
	}
}
