/**
 * Where a site's one task answers now: the node it runs on and the port that node published for
 * it. A task counts only when Swarm wants it running and it is running: the task of a node Swarm
 * has given up on is shut down in its eyes even while its container may still answer, so it is
 * never chosen (docs/swarm.md, Losing a node).
 */
import { engineGet, EngineRequestError, type EngineGet } from './docker-engine-api.ts';
import { CONTAINER_PORT } from '../containers/docker-run-arguments.ts';

export interface TaskEndpoint {
	taskId: string;
	nodeId: string;
	host: string;
	port: number;
}

interface Task {
	ID: string;
	NodeID?: string;
	DesiredState: string;
	Status: { State: string; PortStatus?: { Ports?: Array<{ TargetPort: number; PublishedPort: number; PublishMode: string }> } };
}

interface SwarmNode {
	ID: string;
	Status: { State: string; Addr?: string };
	ManagerStatus?: { Addr?: string };
}

/** A node's address for its host-mode ports. A manager may report 0.0.0.0: its raft address then says. */
export function nodeAddress(node: SwarmNode): string | null {
	const addr = node.Status.Addr;
	if (addr && addr !== '0.0.0.0') return addr;
	const manager = node.ManagerStatus?.Addr;
	return manager ? manager.replace(/:\d+$/, '') : null;
}

/** The node, if Swarm counts it ready; null for a node that is down or unknown to Swarm, or gone. */
export async function readyNode(nodeId: string, get: EngineGet = engineGet): Promise<SwarmNode | null> {
	try {
		const node = await get<SwarmNode>(`/nodes/${encodeURIComponent(nodeId)}`);
		return node.Status.State === 'ready' ? node : null;
	} catch (error) {
		if (error instanceof EngineRequestError && error.status === 404) return null;
		throw error;
	}
}

/** The one task of `service` that is running where Swarm wants it running, with its node's address; null if none. */
export async function locateTask(service: string, get: EngineGet = engineGet): Promise<TaskEndpoint | null> {
	const filters = encodeURIComponent(JSON.stringify({ service: [service], 'desired-state': ['running'] }));
	const tasks = await get<Task[]>(`/tasks?filters=${filters}`);
	const running = tasks.filter((task) => task.Status.State === 'running' && task.DesiredState === 'running' && task.NodeID);
	for (const task of running) {
		const published = task.Status.PortStatus?.Ports?.find((port) => port.TargetPort === CONTAINER_PORT && port.PublishMode === 'host');
		if (!published) continue;
		// A node Swarm has lost keeps its tasks' last state until it reschedules them.
		const node = await readyNode(task.NodeID!, get);
		if (!node) continue;
		const host = nodeAddress(node);
		if (host) return { taskId: task.ID, nodeId: node.ID, host, port: published.PublishedPort };
	}
	return null;
}

/**
 * Whether `taskId` is a task of `service` that Swarm wants running (starting or running). A task
 * of a node Swarm has given up on is no longer one, though its container may still run there.
 */
export async function isWantedTask(service: string, taskId: string, get: EngineGet = engineGet): Promise<boolean> {
	const filters = encodeURIComponent(JSON.stringify({ service: [service], 'desired-state': ['running'] }));
	const tasks = await get<Task[]>(`/tasks?filters=${filters}`);
	return tasks.some((task) => task.ID === taskId && task.DesiredState === 'running');
}

/** Whether Swarm still has the service at all (it may have been removed behind the holder's back). */
export async function serviceExists(service: string, get: EngineGet = engineGet): Promise<boolean> {
	return (await inspectService(service, get)) !== null;
}

/** The engine's description of the service (`GET /services/{name}`); null when Swarm has no such service. */
export async function inspectService<T>(service: string, get: EngineGet = engineGet): Promise<T | null> {
	try {
		return await get<T>(`/services/${encodeURIComponent(service)}`);
	} catch (error) {
		if (error instanceof EngineRequestError && error.status === 404) return null;
		throw error;
	}
}
