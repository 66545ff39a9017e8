/**
 * Everything a swarm test's sites need, started in order and stopped in reverse: a worker node
 * beside the host's manager, the site image on it, a PostgreSQL server that asks for passwords and
 * an S3 server both on the manager's swarm address, every node prepared for sites (its network and
 * firewall, letting sites reach those two only), and a runtime with RUNTIME_DRIVER=swarm.
 */
import { randomBytes } from 'node:crypto';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { repoPath } from '@epic/node-support/paths';
import { ensureDocker, TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';
import { startS3Server, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, type TestS3Server } from '../s3-server.ts';
import { TestRuntime, type TestRuntimeOptions } from '../test-runtime.ts';
import { startPasswordPostgres, type PasswordPostgres } from './password-postgres.ts';
import {
	forgetDataServices,
	loadImageOnNode,
	removeServicesOfRuntime,
	removeSwarmNode,
	startNodeAgent,
	startSwarmNode,
	SWARM_MANAGER_ADDRESS,
	type SwarmNode,
} from './test-swarm.ts';

export interface SwarmSites {
	worker: SwarmNode;
	/** The runtime's S3 gate, the sites' one way to the bucket. */
	gateEndpoint: string;
	/** The port every node's agent listens on, at the node's address. */
	agentPort: number;
	database: PasswordPostgres;
	s3: TestS3Server;
	runtime: TestRuntime;
	/** Starts the worker again after it was killed, and prepares it for sites again. */
	restartWorker(): Promise<void>;
	destroy(): Promise<void>;
}

export interface SwarmSitesOptions {
	idleTimeoutSeconds?: number;
	warmPoolSize?: number;
	/** The control plane the runtime reports to, when the test runs one. */
	controlPlaneUrl?: string;
	/** More variables for the runtime (DOCKER_SITE_CPU_SHARES, say). */
	env?: Record<string, string>;
	/** The paused tier (through the node agents); without it, sites sleep stopped. */
	sleepTiers?: TestRuntimeOptions['sleepTiers'];
	/** The site migrations folder upgrades apply (MIGRATIONS_PATH). */
	siteMigrationsPath?: string;
}

export async function startSwarmSites(workerName: string, options: SwarmSitesOptions = {}): Promise<SwarmSites> {
	const stops: Array<() => Promise<unknown>> = [];
	const destroy = async () => {
		for (const stop of stops.reverse()) await stop();
	};
	try {
		await ensureDocker((message) => process.stderr.write(`${message}\n`));
		stops.push(() => removeSwarmNode(workerName));
		const worker = await startSwarmNode(workerName, 1);
		await loadImageOnNode(worker, TEST_SITE_BASE_IMAGE);
		const database = await startPasswordPostgres(['127.0.0.1', SWARM_MANAGER_ADDRESS]);
		stops.push(() => database.stop());
		const s3 = await startS3Server('epic-swarm-sites', SWARM_MANAGER_ADDRESS);
		stops.push(() => s3.close());
		// Sites reach the bucket only through the runtime's S3 gate: the bucket's server is not let through.
		const gatePort = await freeLoopbackPort();
		const dataServices = [`${SWARM_MANAGER_ADDRESS}:${database.port}`, `${SWARM_MANAGER_ADDRESS}:${gatePort}`];
		stops.push(() => forgetDataServices(dataServices));
		// Every node runs its agent, as in production: it prepares the node for sites, and the
		// runtime asks it for the paused tier.
		const agentPort = await freeLoopbackPort();
		const agentSecret = randomBytes(24).toString('hex');
		const managerAgent = await startNodeAgent(null, agentPort, agentSecret, dataServices);
		stops.push(() => managerAgent.stop());
		let workerAgent = await startNodeAgent(worker, agentPort, agentSecret, dataServices);
		stops.push(() => workerAgent.stop());
		const runtime = new TestRuntime({
			db: 'pg',
			pgUrl: database.adminUrl,
			warmPoolSize: options.warmPoolSize ?? 0,
			idleTimeoutSeconds: options.idleTimeoutSeconds ?? 900,
			...(options.controlPlaneUrl ? { controlPlaneUrl: options.controlPlaneUrl } : {}),
			...(options.sleepTiers ? { sleepTiers: options.sleepTiers } : {}),
			...(options.siteMigrationsPath ? { siteMigrationsPath: options.siteMigrationsPath } : {}),
			env: {
				RUNTIME_DRIVER: 'swarm',
				DOCKER_SITE_IMAGE: TEST_SITE_BASE_IMAGE,
				DOCKER_SITE_CODE_DIR: repoPath('node_modules'),
				SWARM_SITE_DATABASE_HOST: SWARM_MANAGER_ADDRESS,
				SWARM_SITE_DATABASE_PORT: String(database.port),
				SWARM_SITE_S3_BUCKET: s3.bucket,
				SWARM_SITE_S3_ENDPOINT: s3.endpoint,
				SWARM_SITE_S3_FORCE_PATH_STYLE: 'true',
				SWARM_SITE_S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
				SWARM_SITE_S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
				SWARM_SITE_S3_GATE_HOST: SWARM_MANAGER_ADDRESS,
				SWARM_SITE_S3_GATE_PORT: String(gatePort),
				SWARM_NODE_AGENT_PORT: String(agentPort),
				SWARM_NODE_AGENT_SECRET: agentSecret,
				// The runtime's records on the shared server, as in docker-stack.yml: a runtime started
				// again (the tests' SIGKILL) reads them there, not from its data folder.
				RUNTIME_STATE_PG_URL: runtimeStateUrl(database.adminUrl),
				...options.env,
			},
		});
		// Whatever a test left running when it failed: no service outlives its runtime.
		stops.push(() => removeServicesOfRuntime(runtime.dataDir));
		stops.push(() => runtime.destroy());
		await runtime.start();
		const restartWorker = async () => {
			await startSwarmNode(workerName, 1);
			// The agent died with the node, as everything on a machine that dies; starting again, it
			// prepares the node again, as at a machine's boot.
			await workerAgent.stop();
			workerAgent = await startNodeAgent(worker, agentPort, agentSecret, dataServices);
		};
		return { worker, gateEndpoint: `${SWARM_MANAGER_ADDRESS}:${gatePort}`, agentPort, database, s3, runtime, restartWorker, destroy };
	} catch (error) {
		await destroy();
		throw error;
	}
}

/** The runtime's own database on the swarm's PostgreSQL (the runtime makes it at its first start). */
function runtimeStateUrl(adminUrl: string): string {
	const url = new URL(adminUrl);
	url.pathname = '/epic_runtime_state';
	return url.toString();
}
