import net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import type { TaskEndpoint } from './swarm-task-locator.ts';
import { TaskForwarder } from './task-forwarder.ts';

const closers: Array<() => void> = [];
afterEach(() => {
	for (const close of closers.splice(0)) close();
});

/** A stand-in task: answers each connection with its name. */
async function task(name: string): Promise<TaskEndpoint & { close(): void }> {
	const server = net.createServer((socket) => socket.end(name));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const close = () => server.close();
	closers.push(close);
	return { taskId: name, nodeId: 'n', host: '127.0.0.1', port: (server.address() as net.AddressInfo).port, close };
}

function read(port: number): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1');
		let text = '';
		socket.on('data', (chunk) => (text += chunk.toString()));
		socket.on('close', () => resolve(text));
		socket.on('error', reject);
	});
}

async function forwarder(locate: () => Promise<TaskEndpoint | null>, cacheMs = 60_000): Promise<number> {
	const port = await freeLoopbackPort();
	const forwarding = new TaskForwarder({ host: '127.0.0.1', port, locate, waitMs: 10_000, cacheMs, log: () => undefined });
	await forwarding.listen();
	closers.push(() => forwarding.close());
	return port;
}

describe('the site’s local port', () => {
	test('holds a connection until a task runs, then forwards it', async () => {
		const first = await task('first');
		let lookups = 0;
		const port = await forwarder(async () => (++lookups < 4 ? null : first));
		expect(await read(port)).toBe('first');
		expect(lookups).toBe(4);
	});

	test('asks again at once when the task it knew stops answering, however fresh its answer', async () => {
		const old = await task('old');
		const moved = await task('moved');
		let current: TaskEndpoint = old;
		const port = await forwarder(async () => current);
		expect(await read(port)).toBe('old');
		old.close();
		current = moved;
		expect(await read(port)).toBe('moved');
	});

	test('keeps waiting while Swarm cannot be asked, and forwards once it answers', async () => {
		const only = await task('only');
		let lookups = 0;
		const port = await forwarder(async () => {
			if (++lookups < 3) throw new Error('engine restarting');
			return only;
		});
		expect(await read(port)).toBe('only');
	});
});
