/**
 * The node agent: a small HTTP server on every swarm node (runtime/swarm-node.ts agent) through
 * which the runtime, on a manager, reaches what only a node's own engine can do for a site task:
 * freeze and thaw its container (the paused sleep tier; Swarm has no pause of its own), and say how
 * much memory the task holds and the node has free. It listens on the node's private address and
 * answers only bearer requests with SWARM_NODE_AGENT_SECRET; the node's firewall keeps sites off it
 * (swarm-node-guard.ts). It touches only containers of site services.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import type { EngineGet } from '../docker-engine-api.ts';
import { engineGet } from '../docker-engine-api.ts';
import { pauseContainer, unpauseContainer } from '../../containers/paused-containers.ts';
import { containerMemoryBytes, findTaskContainer, TASK_ID } from './task-container.ts';

/** What the agent says about a task on its node (GET /tasks/{id}). */
export interface NodeTaskReport {
	state: string;
	memoryBytes: number | null;
	freeMemoryBytes: number;
}

export interface NodeAgentParts {
	secret: string;
	engine?: EngineGet;
	freeMemoryBytes?: () => number;
	pause?: (containerId: string) => Promise<void>;
	unpause?: (containerId: string) => Promise<void>;
	log: (message: string) => void;
}

const ROUTE = /^\/tasks\/([^/]+)(?:\/(pause|unpause))?$/;

function digest(text: string): Buffer {
	return createHash('sha256').update(text).digest();
}

function send(response: http.ServerResponse, status: number, body?: unknown): void {
	if (body === undefined) {
		response.writeHead(status).end();
		return;
	}
	response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export function createNodeAgent(parts: NodeAgentParts): http.Server {
	const engine = parts.engine ?? engineGet;
	const freeMemory = parts.freeMemoryBytes ?? os.freemem;
	const pause = parts.pause ?? pauseContainer;
	const unpause = parts.unpause ?? unpauseContainer;
	const expected = digest(`Bearer ${parts.secret}`);

	async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
		if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) return send(response, 401, { error: 'A valid bearer secret is required' });
		const route = ROUTE.exec(new URL(request.url ?? '/', 'http://agent').pathname);
		const action = route?.[2];
		if (!route || request.method !== (action ? 'POST' : 'GET')) return send(response, 404, { error: 'No such route' });
		const taskId = route[1]!;
		if (!TASK_ID.test(taskId)) return send(response, 400, { error: `${taskId} is not a Swarm task id` });
		const container = await findTaskContainer(taskId, engine);
		if (!container) return send(response, 404, { error: `No site task ${taskId} on this node` });
		if (!action) {
			const report: NodeTaskReport = { state: container.state, memoryBytes: await containerMemoryBytes(container.id, engine), freeMemoryBytes: freeMemory() };
			return send(response, 200, report);
		}
		// Each is done only from the state it changes: a second pause or thaw changes nothing.
		if (action === 'pause') {
			if (container.state === 'running') await pause(container.id);
			else if (container.state !== 'paused') return send(response, 409, { error: `Task ${taskId} is ${container.state}, not running` });
		}
		if (action === 'unpause' && container.state === 'paused') await unpause(container.id);
		send(response, 204);
	}

	return http.createServer((request, response) => {
		request.resume();
		handle(request, response).catch((error: Error) => {
			parts.log(`${request.method} ${request.url}: ${error.message}`);
			if (!response.headersSent) send(response, 502, { error: error.message });
		});
	});
}
