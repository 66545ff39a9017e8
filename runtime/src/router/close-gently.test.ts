import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGently } from './close-gently.ts';

let server: http.Server | null = null;

afterEach(() => {
	server?.closeAllConnections();
	server?.close();
	server = null;
});

/** A server whose answers wait for `release()`. */
async function serverHoldingAnswers() {
	let release: () => void = () => {};
	const released = new Promise<void>((resolve) => (release = resolve));
	let received: () => void = () => {};
	const firstReceived = new Promise<void>((resolve) => (received = resolve));
	server = http.createServer((_request, response) => {
		received();
		void released.then(() => response.end('finished'));
	});
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
	return { port: (server.address() as AddressInfo).port, release, firstReceived };
}

function get(port: number): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		http
			.get({ host: '127.0.0.1', port, agent: false }, (response) => {
				let body = '';
				response.on('data', (chunk: Buffer) => (body += chunk.toString()));
				response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
				response.on('error', reject);
			})
			.on('error', reject);
	});
}

describe('closeGently', () => {
	it('lets a request in flight finish, and takes no new connection meanwhile', async () => {
		const { port, release, firstReceived } = await serverHoldingAnswers();
		const inFlight = get(port);
		await firstReceived;
		const closing = closeGently(server!, 30_000);
		await expect(get(port)).rejects.toThrow(/ECONNREFUSED/);
		release();
		expect(await inFlight).toEqual({ status: 200, body: 'finished' });
		await closing;
		expect(server!.listening).toBe(false);
	});

	it('cuts what is still running once the grace is over', async () => {
		const { port, firstReceived } = await serverHoldingAnswers();
		const inFlight = get(port);
		await firstReceived;
		await closeGently(server!, 100);
		await expect(inFlight).rejects.toThrow(/socket hang up|ECONNRESET/);
	});
});
