/**
 * The production stack exactly as docker-compose.yml describes it, run with Testcontainers'
 * DockerComposeEnvironment over Debian's Compose v1 (`docker-compose`), its images built from this
 * checkout on the local Node 22 base image, and Caddy issuing certificates from its own CA
 * (CADDY_LOCAL_CERTS) instead of Let's Encrypt. Every internal port is a free one, so the stack
 * sits beside the other suites; Caddy takes the host's 80 and 443 as in production.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DockerComposeEnvironment, type StartedDockerComposeEnvironment } from 'testcontainers';
import { parse as parseYaml } from 'yaml';
import { repoPath } from '@epic/node-support/paths';
import { runCommand } from '@epic/node-support/processes';
import { TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';
import { LocalRuntimeDriver } from '../../extensions/platform/src/lib/runtime-driver/local-runtime-driver.ts';
import { containersOfRuntime } from './docker.ts';
import { freeStackPorts, stackPortVariables } from './stack-ports.ts';
import type { ControlPlaneHandle } from './test-control-plane.ts';
import { useTestcontainersOnThisMachine } from './testcontainers-here.ts';
import { waitFor } from './wait-for.ts';
import type { InstanceRecord } from '../../runtime/src/state/instance-record.ts';
import { STATE_TABLE } from '../../runtime/src/state/postgres/state-table.ts';

const run = promisify(execFile);

const COMPOSE_FILE = 'docker-compose.yml';
export const STACK_CONTROL_PLANE_HOST = 'cms.stack.test';
export const STACK_PUBLIC_HOST = 'sites.stack.test';
/** As production runs it (docker-compose.yml's default). */
export const STACK_CONTROL_PLANE_REPLICAS = 2;
/** Where Caddy keeps its CA's root certificate (XDG_DATA_HOME=/data, docker/caddy.Dockerfile). */
const CADDY_ROOT_CERTIFICATE = '/data/caddy/pki/authorities/local/root.crt';

/** No registry can be reached: every image starts from the local base image (Debian with Node 22). */
const BASE_IMAGES = { BASE_IMAGE: TEST_SITE_BASE_IMAGE, DEBIAN_IMAGE: TEST_SITE_BASE_IMAGE };

/** The variables docker-compose.yml refuses to run without (`${NAME:?…}`), read from the file itself. */
export function requiredVariables(checkout = repoPath()): string[] {
	const compose = readFileSync(path.join(checkout, COMPOSE_FILE), 'utf8');
	return [...new Set([...compose.matchAll(/\$\{(\w+):\?/g)].map((match) => match[1]!))];
}

/**
 * `docker-compose config` with exactly `env` (no `.env` file, nothing inherited but PATH): resolves
 * when Compose accepts the file, rejects with its complaint otherwise.
 */
export async function composeConfig(env: Record<string, string>): Promise<void> {
	await composeConfigOutput(env, ['--quiet']);
}

/** One service of the file as Compose resolves it (`docker-compose config`): only what the tests read. */
export interface ResolvedService {
	read_only?: boolean;
	tmpfs?: string[];
	environment?: Record<string, string>;
}

/** The file as Compose resolves it with exactly `env`, as `composeConfig` runs it. */
export async function resolvedComposeServices(env: Record<string, string>): Promise<Record<string, ResolvedService>> {
	return (parseYaml(await composeConfigOutput(env, [])) as { services: Record<string, ResolvedService> }).services;
}

async function composeConfigOutput(env: Record<string, string>, options: string[]): Promise<string> {
	const folder = mkdtempSync(path.join(tmpdir(), 'epic-compose-env-'));
	const emptyEnvFile = path.join(folder, 'empty.env');
	writeFileSync(emptyEnvFile, '');
	try {
		const { stdout } = await run('docker-compose', ['--env-file', emptyEnvFile, '--file', COMPOSE_FILE, 'config', ...options], {
			cwd: repoPath(),
			env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env },
		});
		return stdout;
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/** `docker-compose build`'s arguments for the stack's images, run in a checkout's root. */
export function stackBuildCommand(): string[] {
	return ['--file', COMPOSE_FILE, 'build'];
}

/** The build's environment: the variables Compose requires (unused by any build) and the local base images. */
export function stackBuildEnv(checkout = repoPath()): NodeJS.ProcessEnv {
	const placeholders = Object.fromEntries(requiredVariables(checkout).map((name) => [name, 'not-used-by-the-build']));
	return { ...placeholders, ...process.env, ...BASE_IMAGES };
}

/**
 * `docker-compose build`: every image the file names, from this checkout. Compose checks the
 * required variables even to build, so they get placeholders no container ever sees. Docker's
 * layer cache makes a build of unchanged sources take seconds.
 */
export async function buildStackImages(): Promise<void> {
	await runCommand('docker-compose', stackBuildCommand(), { label: 'docker-compose build', cwd: repoPath(), env: stackBuildEnv() });
	// The images a rebuild superseded (untagged now), with the layers only they used: a few GB each time.
	await runCommand('docker', ['image', 'prune', '--force', '--filter', 'label=epic.image'], { label: 'docker image prune' });
}

export interface ProductionStack {
	controlPlaneUrl: string;
	/** Caddy's loopback entry for the replicas (plain HTTP, the same balancing as the public host). */
	localControlPlaneUrl: string;
	/** Compose's project name and the variables the stack was started with, for docker-compose or the deploy script. */
	projectName: string;
	composeEnv: Record<string, string>;
	mailUiUrl: string;
	adminEmail: string;
	adminPassword: string;
	/** The runtime's data folder, the same path on the host and in its container. */
	runtimeDataDir: string;
	/** The runtime's management API, as the control plane calls it. */
	runtime: LocalRuntimeDriver;
	/** Caddy's CA, which signed every certificate it serves. */
	caddyRootCertificate: string;
	/** One value, from a query psql runs as the server's superuser inside the PostgreSQL container. */
	postgresValue(sql: string): Promise<string>;
	/** The runtime's instance records, less their sealed credentials, as its state database holds them (RUNTIME_STATE_PG_URL). */
	runtimeRecords(): Promise<Omit<InstanceRecord, 'key' | 'secret'>[]>;
	/** Whether every container of the service runs with a read-only root filesystem, as Docker started it. */
	readOnlyRoot(service: string): Promise<boolean>;
	/** The running control-plane replicas' container ids. */
	controlPlaneReplicas(): Promise<string[]>;
	/** The port a replica claimed from CONTROL_PLANE_PORTS, as its launcher recorded it. */
	replicaPort(containerId: string): Promise<number>;
	/** CONTROL_PLANE_PORTS as the stack was given it. */
	replicaPortRange: number[];
	/** The control plane's database, as published on the host's loopback. */
	databaseUrl: string;
	/** Freezes every process of the service's container (`docker pause`): calls to it hang until `unpause`. */
	pause(service: string): Promise<void>;
	unpause(service: string): Promise<void>;
	/** SIGKILL to the replica's main process, as a crash would: Docker's restart policy applies. */
	killReplica(containerId: string): Promise<void>;
	/** Whether the container's health check passes again within `timeoutMs`. */
	waitHealthy(containerId: string, timeoutMs?: number): Promise<boolean>;
	down(): Promise<void>;
}

/** The service's running containers (several for the control plane's replicas). */
async function serviceContainerIds(projectName: string, service: string): Promise<string[]> {
	const { stdout } = await run('docker', [
		'ps',
		'--quiet',
		'--filter',
		`label=com.docker.compose.project=${projectName}`,
		'--filter',
		`label=com.docker.compose.service=${service}`,
	]);
	return stdout.split('\n').filter(Boolean);
}

async function serviceContainerId(projectName: string, service: string): Promise<string> {
	const ids = await serviceContainerIds(projectName, service);
	if (ids.length !== 1) throw new Error(`Expected one running ${service} container in ${projectName}, found ${ids.length}`);
	return ids[0]!;
}

/** Caddy makes its CA when it first needs a certificate (the control plane's host, at start). */
async function caddyRootCertificate(projectName: string, timeoutMs = 30_000): Promise<string> {
	const caddy = await serviceContainerId(projectName, 'caddy');
	return waitFor("Caddy's CA certificate", async () => (await run('docker', ['exec', caddy, 'cat', CADDY_ROOT_CERTIFICATE])).stdout, timeoutMs, 250);
}

async function composeDown(projectName: string, env: Record<string, string>): Promise<void> {
	await runCommand('docker-compose', ['--file', COMPOSE_FILE, '--project-name', projectName, 'down', '--volumes', '--timeout', '60'], {
		label: 'docker-compose down',
		cwd: repoPath(),
		env: { ...process.env, ...env },
	});
}

/** `env`: variables added to the stack's own (docker-compose.yml's `${…}`), e.g. raised limits for a benchmark. */
export async function startProductionStack(options: { env?: Record<string, string> } = {}): Promise<ProductionStack> {
	useTestcontainersOnThisMachine();
	const projectName = `epic-stack-${randomBytes(4).toString('hex')}`;
	// Bind-mounted at the same path inside the runtime's container (docker-compose.yml, runtime).
	const runtimeDataDir = mkdtempSync(path.join(tmpdir(), 'epic-stack-runtime-'));
	// Room for twice the replicas, as a rolling deploy needs.
	const ports = await freeStackPorts(2 * STACK_CONTROL_PLANE_REPLICAS);
	const secret = () => randomBytes(24).toString('hex');
	const adminEmail = 'staff@example.com';
	const adminPassword = secret();
	const env: Record<string, string> = {
		...BASE_IMAGES,
		CONTROL_PLANE_HOST: STACK_CONTROL_PLANE_HOST,
		PUBLIC_HOST: STACK_PUBLIC_HOST,
		ACME_EMAIL: 'certificates@example.com',
		CADDY_LOCAL_CERTS: 'local_certs',
		POSTGRES_PASSWORD: secret(),
		REDIS_PASSWORD: secret(),
		SECRET: secret(),
		RUNTIME_SECRET: secret(),
		CREDENTIALS_KEY: randomBytes(32).toString('base64url'),
		ADMIN_EMAIL: adminEmail,
		ADMIN_PASSWORD: adminPassword,
		BILLING_PROVIDER: 'sandbox',
		RUNTIME_DATA_DIR: runtimeDataDir,
		CONTROL_PLANE_REPLICAS: String(STACK_CONTROL_PLANE_REPLICAS),
		...stackPortVariables(ports),
		// As in the integration suites (tests/support/test-control-plane.ts): the limiter measures the
		// test machine, where other suites run beside the stack, not the platform (CI once saw the
		// registration refused as "Under pressure").
		PRESSURE_LIMITER_ENABLED: 'false',
		...options.env,
	};
	let environment: StartedDockerComposeEnvironment | undefined;
	const down = async () => {
		// Stopping the runtime stops its sites' containers; any it could not are removed here.
		if (environment) await environment.down({ removeVolumes: true, timeout: 60_000 });
		// A stack that never came up (a service that never got healthy) is not Testcontainers' to stop.
		else await composeDown(projectName, env);
		const leftovers = (await containersOfRuntime(runtimeDataDir)).map((container) => container.Id);
		if (leftovers.length) await run('docker', ['rm', '--force', ...leftovers]);
		rmSync(runtimeDataDir, { recursive: true, force: true });
	};
	try {
		environment = await new DockerComposeEnvironment(repoPath(), COMPOSE_FILE)
			.withProjectName(projectName)
			.withEnvironment(env)
			// Debian packages Compose v1 only: the standalone `docker-compose`, not the `docker compose` plugin.
			.withClientOptions({ executable: { standalone: true } })
			// PostgreSQL and the control plane have health checks; Testcontainers waits for them. Within
			// the platform image's 300-s start period (Dockerfile), under the hook's 600 s.
			.withStartupTimeout(360_000)
			.up();
		return {
			controlPlaneUrl: `https://${STACK_CONTROL_PLANE_HOST}`,
			localControlPlaneUrl: `http://127.0.0.1:${ports.controlPlane}`,
			projectName,
			composeEnv: env,
			mailUiUrl: `http://127.0.0.1:${ports.mailUi}`,
			adminEmail,
			adminPassword,
			runtimeDataDir,
			runtime: new LocalRuntimeDriver({ url: `http://127.0.0.1:${ports.runtimeApi}`, secret: env['RUNTIME_SECRET']! }),
			caddyRootCertificate: await caddyRootCertificate(projectName),
			readOnlyRoot: async (service) => {
				const ids = await serviceContainerIds(projectName, service);
				const roots = await Promise.all(
					ids.map(async (id) => JSON.parse((await run('docker', ['inspect', '--format', '{{json .HostConfig.ReadonlyRootfs}}', id])).stdout) === true),
				);
				return ids.length > 0 && roots.every(Boolean);
			},
			controlPlaneReplicas: () => serviceContainerIds(projectName, 'control-plane'),
			replicaPort: async (id) => Number((await run('docker', ['exec', id, 'cat', '/tmp/epic-control-plane-port'])).stdout.trim()),
			replicaPortRange: ports.replicas,
			databaseUrl: `postgres://epic:${env['POSTGRES_PASSWORD']}@127.0.0.1:${ports.postgres}/epic`,
			pause: async (service) => {
				await run('docker', ['pause', await serviceContainerId(projectName, service)]);
			},
			unpause: async (service) => {
				await run('docker', ['unpause', await serviceContainerId(projectName, service)]);
			},
			killReplica: async (id) => {
				const pid = Number((await run('docker', ['inspect', '--format', '{{.State.Pid}}', id])).stdout.trim());
				process.kill(pid, 'SIGKILL');
				await waitFor(`replica ${id} to die`, async () => (await run('docker', ['inspect', '--format', '{{.State.Pid}}', id])).stdout.trim() !== String(pid), 30_000, 100);
			},
			waitHealthy: async (id, timeoutMs = 240_000) => {
				const health = async () => (await run('docker', ['inspect', '--format', '{{.State.Health.Status}}', id])).stdout.trim();
				return waitFor(`replica ${id} to be healthy`, async () => (await health()) === 'healthy', timeoutMs, 500).then(
					() => true,
					() => false,
				);
			},
			postgresValue: (sql) => postgresValueIn(projectName, 'epic', sql),
			runtimeRecords: async () =>
				JSON.parse(await postgresValueIn(projectName, 'epic_runtime_state', `SELECT coalesce(json_agg(record), '[]') FROM ${STATE_TABLE}`)) as Omit<
					InstanceRecord,
					'key' | 'secret'
				>[],
			down,
		};
	} catch (error) {
		await down().catch(() => {});
		throw error;
	}
}

/** The stack as the tests' API helpers take a control plane (`useOwnControlPlane`): over HTTPS through Caddy. */
export function stackControlPlane(stack: ProductionStack): ControlPlaneHandle {
	return {
		url: stack.controlPlaneUrl,
		mailUiUrl: stack.mailUiUrl,
		adminEmail: stack.adminEmail,
		adminPassword: stack.adminPassword,
		db: 'pg',
		knexConnection: { client: 'pg', connection: stack.databaseUrl, useNullAsDefault: true },
		env: {},
		dataDir: '',
	};
}

async function postgresValueIn(projectName: string, database: string, sql: string): Promise<string> {
	const postgres = await serviceContainerId(projectName, 'postgres');
	return (await run('docker', ['exec', postgres, 'psql', '--username=epic', `--dbname=${database}`, '--tuples-only', '--no-align', '--command', sql])).stdout.trim();
}
