import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import type { EngineGet } from '../docker-engine-api.ts';
import { createNodeAgent } from './node-agent.ts';
import { nodeAgentClient } from './node-agent-client.ts';

const SECRET = 'a-node-agent-secret-of-thirty-two-chars';
const SITE_TASK = 'a'.repeat(25);
const PLATFORM_TASK = 'b'.repeat(25);

interface Engine {
	get: EngineGet;
	/** Each container's state by id, changed by pause and unpause as the engine would. */
	states: Map<string, string>;
	calls: string[];
}

function engine(): Engine {
	const states = new Map([
		['site-container', 'running'],
		['portal-container', 'running'],
	]);
	const containers = [
		{ Id: 'site-container', task: SITE_TASK, Labels: { 'com.docker.swarm.service.name': 'epic-site-p1', 'com.docker.swarm.task.id': SITE_TASK } },
		{ Id: 'portal-container', task: PLATFORM_TASK, Labels: { 'com.docker.swarm.service.name': 'epic_portal', 'com.docker.swarm.task.id': PLATFORM_TASK } },
	];
	const get = async <T>(path: string): Promise<T> => {
		if (path.startsWith('/containers/json?')) {
			const filters = JSON.parse(decodeURIComponent(new URL(path, 'http://e').searchParams.get('filters')!)) as { label: string[] };
			const task = filters.label[0]!.split('=')[1];
			return containers.filter((container) => container.task === task).map(({ Id, Labels }) => ({ Id, Labels, State: states.get(Id) })) as T;
		}
		if (path.startsWith('/containers/site-container/stats')) return { memory_stats: { usage: 300, stats: { inactive_file: 100 } } } as T;
		throw new Error(`unexpected ${path}`);
	};
	return { get, states, calls: [] };
}

let server: http.Server | null = null;

async function agentOn(fake: Engine): Promise<number> {
	server = createNodeAgent({
		secret: SECRET,
		engine: fake.get,
		freeMemoryBytes: () => 5000,
		pause: async (id) => {
			fake.calls.push(`pause ${id}`);
			fake.states.set(id, 'paused');
		},
		unpause: async (id) => {
			fake.calls.push(`unpause ${id}`);
			fake.states.set(id, 'running');
		},
		log: () => undefined,
	});
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
	return (server.address() as AddressInfo).port;
}

afterEach(async () => {
	await new Promise((resolve) => server?.close(resolve));
	server = null;
});

describe('the node agent', () => {
	test("reports a site task's memory and the node's free memory, pauses and thaws it once each", async () => {
		const fake = engine();
		const client = nodeAgentClient(await agentOn(fake), SECRET);
		const target = { host: '127.0.0.1', taskId: SITE_TASK };
		expect(await client.report(target)).toEqual({ state: 'running', memoryBytes: 200, freeMemoryBytes: 5000 });
		await client.pause(target);
		await client.pause(target);
		expect(await client.report(target)).toMatchObject({ state: 'paused' });
		await client.unpause(target);
		await client.unpause(target);
		expect(fake.calls).toEqual(['pause site-container', 'unpause site-container']);
		expect(fake.states.get('site-container')).toBe('running');
	});

	test('refuses a wrong or missing secret, touching nothing', async () => {
		const fake = engine();
		const port = await agentOn(fake);
		await expect(nodeAgentClient(port, `${SECRET}x`).pause({ host: '127.0.0.1', taskId: SITE_TASK })).rejects.toThrow(/401 A valid bearer secret is required/);
		const bare = await fetch(`http://127.0.0.1:${port}/tasks/${SITE_TASK}/pause`, { method: 'POST' });
		expect(bare.status).toBe(401);
		expect(fake.calls).toEqual([]);
	});

	test("never touches a container that is not a site task's, nor a task it does not have", async () => {
		const fake = engine();
		const client = nodeAgentClient(await agentOn(fake), SECRET);
		await expect(client.pause({ host: '127.0.0.1', taskId: PLATFORM_TASK })).rejects.toThrow(/404 No site task b{25} on this node/);
		await expect(client.pause({ host: '127.0.0.1', taskId: 'c'.repeat(25) })).rejects.toThrow(/404/);
		await expect(client.pause({ host: '127.0.0.1', taskId: '../containers/x' })).rejects.toThrow(/404|400/);
		await expect(client.pause({ host: '127.0.0.1', taskId: 'NOT-A-TASK' })).rejects.toThrow(/400 NOT-A-TASK is not a Swarm task id/);
		expect(fake.calls).toEqual([]);
		expect(fake.states.get('portal-container')).toBe('running');
	});

	test('will not pause a task that is not running', async () => {
		const fake = engine();
		fake.states.set('site-container', 'exited');
		const client = nodeAgentClient(await agentOn(fake), SECRET);
		await expect(client.pause({ host: '127.0.0.1', taskId: SITE_TASK })).rejects.toThrow(/409 Task a{25} is exited, not running/);
		expect(fake.calls).toEqual([]);
	});

	test('answers only its routes, with the method each takes', async () => {
		const port = await agentOn(engine());
		const headers = { authorization: `Bearer ${SECRET}` };
		expect((await fetch(`http://127.0.0.1:${port}/tasks/${SITE_TASK}/pause`, { headers })).status).toBe(404);
		expect((await fetch(`http://127.0.0.1:${port}/containers/json`, { headers })).status).toBe(404);
		expect((await fetch(`http://127.0.0.1:${port}/tasks/${SITE_TASK}`, { method: 'POST', headers })).status).toBe(404);
	});
});
