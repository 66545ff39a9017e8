/**
 * docker-stack.yml deployed as an operator deploys it (`docker stack deploy`) on the test swarm:
 * the host's engine as the platform node (a manager labelled `epic.platform=true`) and a worker
 * that runs only what the stack places on every node (the node agent) and the sites Swarm puts
 * there. Its images come from this checkout's build (tests/setup/stack-images.global.ts), copied to
 * the worker as an operator's registry would hand them out; the sites' bucket is a real S3 server
 * on the manager's swarm address; Caddy issues certificates from its own CA and takes the host's
 * ports 80 and 443. Every other port is a free one.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { repoPath } from '@epic/node-support/paths';
import { runCommand } from '@epic/node-support/processes';
import { LocalRuntimeDriver } from '../../../extensions/platform/src/lib/runtime-driver/local-runtime-driver.ts';
import type { ControlPlaneHandle } from '../test-control-plane.ts';
import { freeStackPorts, stackPortVariables } from '../stack-ports.ts';
import { startS3Server, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, type TestS3Server } from '../s3-server.ts';
import { acceptsConnections } from '../accepts-connections.ts';
import { waitFor } from '../wait-for.ts';
import { forgetDataServices, loadImageOnNode, managerHostname, removeServicesOfRuntime, SWARM_MANAGER_ADDRESS, type SwarmNode } from './test-swarm.ts';

const run = promisify(execFile);

const STACK_FILE = 'docker-stack.yml';
export const DEPLOYED_CONTROL_PLANE_HOST = 'cms.swarm-stack.test';
export const DEPLOYED_PUBLIC_HOST = 'sites.swarm-stack.test';
/** The images docker-stack.yml names with its default IMAGE_PREFIX: the worker needs the node agent's and the sites'. */
const WORKER_IMAGES = ['epic/runtime:latest', 'epic/site:latest'];
/** Where Caddy keeps its CA's root certificate (XDG_DATA_HOME=/data, docker/caddy.Dockerfile). */
const CADDY_ROOT_CERTIFICATE = '/data/caddy/pki/authorities/local/root.crt';

export interface DeployedStack {
	name: string;
	controlPlaneUrl: string;
	/** The runtime's data folder on the platform node, which labels every site service it makes. */
	runtimeDataDir: string;
	/** The runtime's management API, as the control plane calls it. */
	runtime: LocalRuntimeDriver;
	caddyRootCertificate: string;
	/** The node router's scrape address on the platform node (`GET /metrics`). */
	nodeRouterMetricsUrl: string;
	/** The stack's service scaled to `replicas`, once Swarm has converged. */
	scale(service: string, replicas: number): Promise<void>;
	/** The stack's services as the control plane's test helpers take one. */
	controlPlane: ControlPlaneHandle;
	/**
	 * The nodes (host names) of the service's tasks that Swarm wants running and that have started:
	 * running, or starting (a task whose image has a health check is "starting" until it first passes).
	 */
	nodesOfStartedTasks(service: string): Promise<string[]>;
	/** `docker stack rm`, then waits until no container of the stack is left on any node. */
	remove(): Promise<void>;
	/** Removes what `remove` leaves by design (volumes, the node label, the host's firewall rules) and anything a failure left. */
	destroy(): Promise<void>;
}

/** The containers of the stack on one engine (the manager's, or a worker's socket). */
async function stackContainers(name: string, engine?: string): Promise<string[]> {
	const { stdout } = await run('docker', [...(engine ? ['-H', engine] : []), 'ps', '--all', '--quiet', '--filter', `label=com.docker.stack.namespace=${name}`]);
	return stdout.split('\n').filter(Boolean);
}

async function serviceContainer(name: string, service: string): Promise<string> {
	const { stdout } = await run('docker', ['ps', '--quiet', '--filter', `label=com.docker.swarm.service.name=${name}_${service}`]);
	const [id] = stdout.split('\n').filter(Boolean);
	if (!id) throw new Error(`No running container of ${name}_${service}`);
	return id;
}

export async function deployStack(worker: SwarmNode): Promise<DeployedStack> {
	const name = `epic-deployed-${randomBytes(3).toString('hex')}`;
	const manager = await managerHostname();
	// Bind-mounted at the same path in the runtime's container; Swarm mounts only a folder that exists.
	const runtimeDataDir = mkdtempSync(path.join(tmpdir(), 'epic-deployed-runtime-'));
	// Two in the replicas' range, for the one replica and a rolling update's next.
	const ports = await freeStackPorts(2);
	const gatePort = await freeLoopbackPort();
	// The same port on every node's address.
	const agentPort = await freeLoopbackPort();
	const secret = () => randomBytes(24).toString('hex');
	let s3: TestS3Server | undefined;
	const env: Record<string, string> = {
		CONTROL_PLANE_HOST: DEPLOYED_CONTROL_PLANE_HOST,
		PUBLIC_HOST: DEPLOYED_PUBLIC_HOST,
		ACME_EMAIL: 'certificates@example.com',
		CADDY_LOCAL_CERTS: 'local_certs',
		PLATFORM_ADDRESS: SWARM_MANAGER_ADDRESS,
		POSTGRES_PASSWORD: secret(),
		REDIS_PASSWORD: secret(),
		SECRET: secret(),
		RUNTIME_SECRET: secret(),
		SWARM_NODE_AGENT_SECRET: secret(),
		CREDENTIALS_KEY: randomBytes(32).toString('base64url'),
		ADMIN_EMAIL: 'staff@example.com',
		ADMIN_PASSWORD: secret(),
		BILLING_PROVIDER: 'sandbox',
		RUNTIME_DATA_DIR: runtimeDataDir,
		// One replica: the replicas' rolling update is the compose stack's test (tests/stack/replica-loss.test.ts).
		CONTROL_PLANE_REPLICAS: '1',
		...stackPortVariables(ports),
		SWARM_SITE_S3_GATE_PORT: String(gatePort),
		SWARM_NODE_AGENT_PORT: String(agentPort),
		// The limiter measures the test machine, where other suites run beside the stack (as in tests/support/production-stack.ts).
		PRESSURE_LIMITER_ENABLED: 'false',
	};
	// What the stack's node agent on the host lets the sites' bridge reach (its command in docker-stack.yml).
	const dataServices = [ports.postgres, gatePort, ports.mailRelay].map((port) => `${SWARM_MANAGER_ADDRESS}:${port}`);
	const remove = async () => {
		await run('docker', ['stack', 'rm', name]).catch(() => undefined);
		await waitFor(
			`every container of ${name} to be gone`,
			async () => (await stackContainers(name)).length === 0 && (await stackContainers(name, worker.socket).catch(() => [])).length === 0,
			120_000,
			500,
		);
	};
	const destroy = async () => {
		await remove().catch(() => undefined);
		await removeServicesOfRuntime(runtimeDataDir).catch(() => undefined);
		const { stdout } = await run('docker', ['volume', 'ls', '--quiet', '--filter', `label=com.docker.stack.namespace=${name}`]);
		const volumes = stdout.split('\n').filter(Boolean);
		if (volumes.length) await run('docker', ['volume', 'rm', '--force', ...volumes]).catch(() => undefined);
		await run('docker', ['node', 'update', '--label-rm', 'epic.platform', manager]).catch(() => undefined);
		await forgetDataServices(dataServices);
		await s3?.close();
		rmSync(runtimeDataDir, { recursive: true, force: true });
	};
	try {
		for (const image of WORKER_IMAGES) await loadImageOnNode(worker, image);
		s3 = await startS3Server('epic-deployed-sites', SWARM_MANAGER_ADDRESS);
		Object.assign(env, {
			SWARM_SITE_S3_BUCKET: s3.bucket,
			SWARM_SITE_S3_ENDPOINT: s3.endpoint,
			SWARM_SITE_S3_FORCE_PATH_STYLE: 'true',
			SWARM_SITE_S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
			SWARM_SITE_S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
		});
		await run('docker', ['node', 'update', '--label-add', 'epic.platform=true', manager]);
		// The images are on every node already and in no registry: nothing to resolve.
		await runCommand('docker', ['stack', 'deploy', '--compose-file', STACK_FILE, '--resolve-image', 'never', name], {
			label: 'docker stack deploy',
			cwd: repoPath(),
			env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env },
		});
		// Caddy's loopback entry answers once a replica passes its readiness check. A ceiling for a
		// loaded machine: the replica migrates a new database first.
		const localControlPlane = `http://127.0.0.1:${ports.controlPlane}`;
		await waitFor('the control plane to answer through Caddy', async () => (await fetch(`${localControlPlane}/platform-ready`).catch(() => null))?.status === 200, 420_000, 1000);
		// Each node's agent listens once it has prepared its node for sites (the sites' network and firewall).
		for (const address of [SWARM_MANAGER_ADDRESS, worker.address]) {
			await waitFor(`the node agent on ${address}`, () => acceptsConnections(address, agentPort), 120_000, 500);
		}
		const caddy = await serviceContainer(name, 'caddy');
		const caddyRootCertificate = await waitFor("Caddy's CA certificate", async () => (await run('docker', ['exec', caddy, 'cat', CADDY_ROOT_CERTIFICATE])).stdout, 30_000, 250);
		return {
			name,
			controlPlaneUrl: `https://${DEPLOYED_CONTROL_PLANE_HOST}`,
			runtimeDataDir,
			runtime: new LocalRuntimeDriver({ url: `http://127.0.0.1:${ports.runtimeApi}`, secret: env['RUNTIME_SECRET']! }),
			caddyRootCertificate,
			nodeRouterMetricsUrl: `http://127.0.0.1:${ports.nodeRouterMetrics}/metrics`,
			scale: async (service, replicas) => {
				// Without --detach the CLI waits until the service has converged.
				await run('docker', ['service', 'scale', `${name}_${service}=${replicas}`]);
			},
			controlPlane: {
				url: `https://${DEPLOYED_CONTROL_PLANE_HOST}`,
				mailUiUrl: `http://127.0.0.1:${ports.mailUi}`,
				adminEmail: env['ADMIN_EMAIL']!,
				adminPassword: env['ADMIN_PASSWORD']!,
				db: 'pg',
				knexConnection: { client: 'pg', connection: `postgres://epic:${env['POSTGRES_PASSWORD']}@127.0.0.1:${ports.postgres}/epic`, useNullAsDefault: true },
				env: {},
				dataDir: '',
			},
			nodesOfStartedTasks: async (service) => {
				const { stdout } = await run('docker', ['service', 'ps', service, '--filter', 'desired-state=running', '--format', '{{.Node}} {{.CurrentState}}']);
				return stdout
					.split('\n')
					.filter((line) => /^\S+ (Running|Starting) /.test(line))
					.map((line) => line.split(' ')[0]!)
					.sort();
			},
			remove,
			destroy,
		};
	} catch (error) {
		await destroy();
		throw error;
	}
}
