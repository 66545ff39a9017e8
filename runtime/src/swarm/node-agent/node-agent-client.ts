/**
 * The runtime's side of the node agents (node-agent.ts): each call names the node by the address
 * Swarm reports for it and the task by its id, and fails with the agent's own message.
 */
import { locateTask } from '../swarm-task-locator.ts';
import type { NodeTaskReport } from './node-agent.ts';

export interface NodeAgentTarget {
	/** The node's address (the one its host-mode ports are published on). */
	host: string;
	taskId: string;
}

export interface NodeAgentClient {
	report(target: NodeAgentTarget): Promise<NodeTaskReport>;
	pause(target: NodeAgentTarget): Promise<void>;
	unpause(target: NodeAgentTarget): Promise<void>;
}

const TIMEOUT_MS = 5000;

export function nodeAgentClient(port: number, secret: string): NodeAgentClient {
	async function call(target: NodeAgentTarget, action: 'pause' | 'unpause' | null): Promise<Response> {
		const url = `http://${target.host}:${port}/tasks/${encodeURIComponent(target.taskId)}${action ? `/${action}` : ''}`;
		const response = await fetch(url, { method: action ? 'POST' : 'GET', headers: { authorization: `Bearer ${secret}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
		if (response.ok) return response;
		const text = await response.text();
		let message = text;
		try {
			message = (JSON.parse(text) as { error?: string }).error ?? text;
		} catch {
			// The plain text is the message.
		}
		throw new Error(`node agent on ${target.host}: ${action ?? 'report'} of task ${target.taskId}: ${response.status} ${message}`);
	}
	return {
		report: async (target) => (await call(target, null)).json() as Promise<NodeTaskReport>,
		pause: async (target) => void (await call(target, 'pause')),
		unpause: async (target) => void (await call(target, 'unpause')),
	};
}

/** The node and task that run `service` now, as the manager sees it; throws when no task runs. */
export async function runningTask(service: string): Promise<NodeAgentTarget> {
	const task = await locateTask(service);
	if (!task) throw new Error(`Service ${service} has no running task`);
	return { host: task.host, taskId: task.taskId };
}

/** Lets a service's task run again if it is paused; nothing when none runs. */
export async function thawService(agents: NodeAgentClient, service: string): Promise<void> {
	const task = await locateTask(service);
	if (task) await agents.unpause({ host: task.host, taskId: task.taskId });
}
