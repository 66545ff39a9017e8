/**
 * Everything a swarm test's sites need, started in order and stopped in reverse: a worker node
 * beside the host's manager, the site image on it, a PostgreSQL server that asks for passwords and
 * an S3 server both on the manager's swarm address, every node prepared for sites (its network and
 * firewall, letting sites reach those two only), and a runtime with RUNTIME_DRIVER=swarm.
 */
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { repoPath } from '@epic/node-support/paths';
import { ensureDocker, TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';
import { startS3Server, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, type TestS3Server } from '../s3-server.ts';
import { TestRuntime } from '../test-runtime.ts';
import { startPasswordPostgres, type PasswordPostgres } from './password-postgres.ts';
import { forgetDataServices, loadImageOnNode, prepareNode, removeServicesOfRuntime, removeSwarmNode, startSwarmNode, SWARM_MANAGER_ADDRESS, type SwarmNode } from './test-swarm.ts';

export interface SwarmSites {
	worker: SwarmNode;
	/** The runtime's S3 gate, the sites' one way to the bucket. */
	gateEndpoint: string;
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
		await prepareNode(null, dataServices);
		await prepareNode(worker, dataServices);
		const runtime = new TestRuntime({
			db: 'pg',
			pgUrl: database.adminUrl,
			warmPoolSize: options.warmPoolSize ?? 0,
			idleTimeoutSeconds: options.idleTimeoutSeconds ?? 900,
			...(options.controlPlaneUrl ? { controlPlaneUrl: options.controlPlaneUrl } : {}),
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
				...options.env,
			},
		});
		// Whatever a test left running when it failed: no service outlives its runtime.
		stops.push(() => removeServicesOfRuntime(runtime.dataDir));
		stops.push(() => runtime.destroy());
		await runtime.start();
		const restartWorker = async () => {
			await startSwarmNode(workerName, 1);
			await prepareNode(worker, dataServices);
		};
		return { worker, gateEndpoint: `${SWARM_MANAGER_ADDRESS}:${gatePort}`, database, s3, runtime, restartWorker, destroy };
	} catch (error) {
		await destroy();
		throw error;
	}
}
