/**
 * A swarm of real Docker engines on this machine for the swarm tests: the host's engine as the
 * manager on SWARM_MANAGER_ADDRESS, and worker nodes each a Docker engine in a network namespace of
 * its own (netns-node.sh). Read with the docker CLI, independently of the runtime.
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { repoPath } from '@epic/node-support/paths';
import { acceptsConnections } from '../accepts-connections.ts';
import { dataServiceRules, parseEndpoint, SWARM_SITES_BRIDGE } from '../../../runtime/src/swarm/swarm-node-guard.ts';

const run = promisify(execFile);
const NODE_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'netns-node.sh');

/** The manager's address on the nodes' bridge: where workers join, and where tasks reach the test's services. */
export const SWARM_MANAGER_ADDRESS = '10.99.0.1';

export interface SwarmNode {
	name: string;
	address: string;
	/** The node's engine, for `docker -H`. */
	socket: string;
}

async function nodeScript(...args: string[]): Promise<string> {
	try {
		return (await run(NODE_SCRIPT, args, { timeout: 120_000 })).stdout.trim();
	} catch (error) {
		throw new Error(`netns-node.sh ${args.join(' ')} failed: ${String((error as { stderr?: unknown }).stderr ?? (error as Error).message).trim()}`);
	}
}

/** Starts (or restarts) worker `name`, the `index`th, and waits until the manager counts it ready. */
export async function startSwarmNode(name: string, index: number): Promise<SwarmNode> {
	const [, address, socket] = (await nodeScript('up', name, String(index))).split(' ');
	const node = { name, address: address!, socket: `unix://${socket!}` };
	// A ceiling, not a measure: the swarm files run beside other files (tests/setup/machine-sequencer.ts).
	await waitForNodeState(name, 'ready', 120_000);
	return node;
}

/** Kills the node as a machine dies: its engine and every container on it, no goodbye to the manager. */
export function killSwarmNode(name: string): Promise<string> {
	return nodeScript('kill', name);
}

/**
 * Cuts the node off from the manager, its engine and agent, not its containers: Swarm counts it
 * down and replaces its tasks, while they still run there and reach the data services.
 */
export function partitionSwarmNode(name: string): Promise<string> {
	return nodeScript('partition', name);
}

export function healSwarmNode(name: string): Promise<string> {
	return nodeScript('heal', name);
}

export function removeSwarmNode(name: string): Promise<string> {
	return nodeScript('down', name);
}

/** The state the manager has for a node: `ready`, `down` or `unknown`. */
export async function nodeState(name: string): Promise<string> {
	const { stdout } = await run('docker', ['node', 'inspect', name, '--format', '{{.Status.State}}']).catch(() => ({ stdout: 'absent' }));
	return stdout.trim();
}

export async function waitForNodeState(name: string, state: string, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	let last = '';
	while (Date.now() < deadline) {
		last = await nodeState(name);
		if (last === state) return;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`Swarm node ${name} is ${last}, not ${state}, after ${timeoutMs} ms`);
}

/** Copies `image` from the host's engine to the node's, unless it has it already. */
export async function loadImageOnNode(node: SwarmNode, image: string): Promise<void> {
	const [hostId, nodeId] = await Promise.all([
		run('docker', ['image', 'inspect', image, '--format', '{{.Id}}']).then(({ stdout }) => stdout.trim()),
		run('docker', ['-H', node.socket, 'image', 'inspect', image, '--format', '{{.Id}}']).then(
			({ stdout }) => stdout.trim(),
			() => '',
		),
	]);
	if (hostId === nodeId) return;
	await new Promise<void>((resolve, reject) => {
		const save = spawn('docker', ['save', image], { stdio: ['ignore', 'pipe', 'inherit'] });
		const load = spawn('docker', ['-H', node.socket, 'load'], { stdio: ['pipe', 'ignore', 'inherit'] });
		save.stdout.pipe(load.stdin);
		save.on('error', reject);
		load.on('error', reject);
		load.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`docker load on ${node.name} exited with ${code}`))));
	});
}

export interface SiteTask {
	id: string;
	node: string;
	state: string;
	desiredState: string;
}

/** The tasks of a site's service, newest first, with the hostname of each one's node. */
export async function tasksOfService(service: string): Promise<SiteTask[]> {
	const { stdout } = await run('docker', ['service', 'ps', service, '--no-trunc', '--format', '{{.ID}} {{.Node}} {{.DesiredState}} {{.CurrentState}}']);
	return stdout
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const [id, node, desiredState, state] = line.split(' ');
			return { id: id!, node: node!, desiredState: desiredState!.toLowerCase(), state: state!.toLowerCase() };
		});
}

/** Has Swarm replace the service's task with a new one, as after its node's loss; returns at once. */
export async function replaceTaskOf(service: string): Promise<void> {
	await run('docker', ['service', 'update', '--force', '--detach', service]);
}

/** The service's tasks that Swarm wants running and that run. */
export async function runningTasksOf(service: string): Promise<SiteTask[]> {
	return (await tasksOfService(service)).filter((task) => task.desiredState === 'running' && task.state === 'running');
}

/** The node the service's one running task is on; fails when there is not exactly one. */
export async function runningNodeOf(service: string): Promise<string> {
	const running = await runningTasksOf(service);
	if (running.length !== 1) throw new Error(`Service ${service} has ${running.length} running tasks, not one`);
	return running[0]!.node;
}

/** Every service labelled as a site of the runtime with this data folder. */
export async function servicesOfRuntime(dataDir: string): Promise<string[]> {
	const { stdout } = await run('docker', ['service', 'ls', '--filter', `label=epic.runtime=${dataDir}`, '--format', '{{.Name}}']);
	return stdout.split('\n').filter(Boolean);
}

export interface ServiceSpec {
	Spec: {
		Labels: Record<string, string>;
		TaskTemplate: {
			ContainerSpec: {
				User?: string;
				ReadOnly?: boolean;
				CapabilityDrop?: string[];
				Env?: string[];
				Init?: boolean;
				Mounts?: Array<{ Type: string; Source?: string; Target: string }>;
				Healthcheck?: { Test?: string[] };
			};
			Resources: { Limits: { MemoryBytes?: number; NanoCPUs?: number; Pids?: number }; Reservations: { MemoryBytes?: number } };
		};
		Mode: { Replicated?: { Replicas: number } };
	};
}

export async function inspectService(service: string): Promise<ServiceSpec> {
	const { stdout } = await run('docker', ['service', 'inspect', service]);
	return (JSON.parse(stdout) as ServiceSpec[])[0]!;
}

/** The engine of the node a service's running task is on, and that task's container. */
export async function containerOfService(service: string, nodes: SwarmNode[]): Promise<{ engine: string | null; container: string }> {
	const node = await runningNodeOf(service);
	const worker = nodes.find((candidate) => candidate.name === node);
	const engine = worker ? worker.socket : null;
	const { stdout } = await run('docker', [...(engine ? ['-H', engine] : []), 'ps', '--quiet', '--filter', `label=com.docker.swarm.service.name=${service}`]);
	const [container] = stdout.split('\n').filter(Boolean);
	if (!container) throw new Error(`No container of ${service} on ${node}`);
	return { engine, container };
}

/** Runs a Node script in the service's task, as the site's own user; its stdout. */
export async function nodeInTask(service: string, nodes: SwarmNode[], script: string): Promise<string> {
	const { engine, container } = await containerOfService(service, nodes);
	const { stdout } = await run('docker', [...(engine ? ['-H', engine] : []), 'exec', container, 'node', '--input-type=module', '-e', script], { timeout: 60_000 });
	return stdout;
}

/**
 * Runs the node agent of the host's engine, or of a worker in its namespace (so it dies with the
 * node when the node is killed), as docker-stack.yml runs it on every node: it prepares the node
 * for sites (its network and firewall, letting sites reach `allow`, the data services'
 * `address:port`s), then listens on the node's address as its engine reports it. Resolves once it
 * listens; the caller ends it with `stop`.
 */
export async function startNodeAgent(node: SwarmNode | null, port: number, secret: string, allow: string[]): Promise<{ stop(): Promise<void> }> {
	const address = node?.address ?? SWARM_MANAGER_ADDRESS;
	const script = [repoPath('runtime', 'swarm-node.ts'), 'agent', '--listen', `node:${port}`, ...allow.flatMap((endpoint) => ['--allow', endpoint])];
	const env = { ...process.env, SWARM_NODE_AGENT_SECRET: secret, ...(node ? { DOCKER_HOST: node.socket } : {}) };
	const agent = node
		? spawn('ip', ['netns', 'exec', node.name, process.execPath, ...script], { env, stdio: ['ignore', 'ignore', 'inherit'] })
		: spawn(process.execPath, script, { env, stdio: ['ignore', 'ignore', 'inherit'] });
	const exited = new Promise<void>((resolve) => agent.once('exit', () => resolve()));
	const deadline = Date.now() + 120_000;
	while (!(await acceptsConnections(address, port))) {
		if (agent.exitCode !== null || Date.now() > deadline) throw new Error(`The node agent of ${node?.name ?? 'the manager'} did not start on ${address}:${port}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return {
		async stop() {
			if (agent.exitCode === null && agent.signalCode === null) agent.kill('SIGTERM');
			await exited;
		},
	};
}

/** Removes the host's rules that let the sites' bridge reach these data services (a worker's go with its namespace). */
export async function forgetDataServices(allow: string[]): Promise<void> {
	for (const endpoint of allow) {
		for (const rule of dataServiceRules(SWARM_SITES_BRIDGE, parseEndpoint(endpoint))) {
			await run(rule.tool, ['-D', rule.chain, ...rule.args]).catch(() => undefined);
		}
	}
}

/** Where the service's running task is published: its node's address and the host-mode port. */
export async function publishedEndpointOf(service: string): Promise<string> {
	const [task] = await runningTasksOf(service);
	if (!task) throw new Error(`Service ${service} has no running task`);
	const port = (await run('docker', ['inspect', task.id, '--format', '{{(index .Status.PortStatus.Ports 0).PublishedPort}}'])).stdout.trim();
	const address = (await run('docker', ['node', 'inspect', task.node, '--format', '{{.Status.Addr}}'])).stdout.trim();
	return `${address}:${port}`;
}

/** Where Swarm may place tasks: `active`, `pause` (no new ones; those there stay) or `drain` (none; those there move). */
export async function setNodeAvailability(node: string, availability: 'active' | 'pause' | 'drain'): Promise<void> {
	await run('docker', ['node', 'update', '--availability', availability, node]);
}

/**
 * Runs `action` while the manager takes no task, so whatever it starts lands on a worker; the
 * manager takes tasks again afterwards, whatever `action` did.
 */
export async function withManagerDrained<T>(action: () => Promise<T>): Promise<T> {
	const manager = await managerHostname();
	await setNodeAvailability(manager, 'drain');
	try {
		return await action();
	} finally {
		await setNodeAvailability(manager, 'active');
	}
}

/** The host name of the manager node (this machine's engine). */
export async function managerHostname(): Promise<string> {
	return (await run('docker', ['node', 'inspect', 'self', '--format', '{{.Description.Hostname}}'])).stdout.trim();
}

/** Removes every service labelled as a site of the runtime with this data folder. */
export async function removeServicesOfRuntime(dataDir: string): Promise<void> {
	const services = await servicesOfRuntime(dataDir);
	if (services.length) await run('docker', ['service', 'rm', ...services]);
}

/**
 * A service of no task under `name`, standing in for the runtime's own service in the stack
 * (RUNTIME_SWARM_SERVICE): a runtime stopped while it exists is being replaced, not removed.
 */
export async function createStandInService(name: string, image: string): Promise<{ remove(): Promise<void> }> {
	await run('docker', ['service', 'create', '--detach', '--name', name, '--replicas', '0', image, 'true']);
	return {
		remove: async () => {
			await run('docker', ['service', 'rm', name]).catch((error: Error) => {
				if (!/not found/i.test(String((error as { stderr?: unknown }).stderr ?? error.message))) throw error;
			});
		},
	};
}
