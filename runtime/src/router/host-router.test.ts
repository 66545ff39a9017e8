/**
 * The router's proxy errors and answers, on real loopback sockets: the control plane's host goes to
 * an upstream port, which here answers or refuses. Site routing needs instances and is covered by
 * tests/runtime.
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import type { SiteSleepCycle } from '../instances/site-sleep-cycle.ts';
import type { LogEvent } from '../log-event.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import { RuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { createHostRouter } from './host-router.ts';
import type { UsageCounter } from '../usage/usage-counter.ts';

const servers: http.Server[] = [];

async function listening(server: http.Server): Promise<number> {
	servers.push(server);
	server.listen(0, '127.0.0.1');
	await once(server, 'listening');
	return (server.address() as AddressInfo).port;
}

/** A router whose control plane listens on `controlPlanePort`; only the control plane's host is asked for. */
async function routerTo(controlPlanePort: number, timeouts: { headersTimeoutMs?: number; trustedProxies?: ReadonlySet<string> } = {}) {
	const metrics = new RuntimeMetrics(new Registry());
	const events: LogEvent[] = [];
	const router = createHostRouter({
		...timeouts,
		sites: {} as SiteSleepCycle,
		usage: {} as UsageCounter,
		controlPlaneHosts: new Set(['app.example.com']),
		controlPlanePort,
		wakePageAfterMs: 1000,
		supportEmail: 'help@example.com',
		metrics,
		logEvent: (event) => events.push(event),
	});
	const port = await listening(router);
	return { metrics, events, url: `http://127.0.0.1:${port}` };
}

function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers }, (response) => {
				let body = '';
				response.on('data', (chunk: Buffer) => (body += chunk.toString()));
				response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
			})
			.on('error', reject);
	});
}

afterEach(async () => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	}
});

describe('host router', () => {
	it('counts an answered request under its target and status class and passes the request id upstream', async () => {
		let seenId: string | undefined;
		const upstreamPort = await listening(
			http.createServer((request, response) => {
				seenId = request.headers['x-request-id'] as string;
				response.writeHead(404).end();
			}),
		);
		const { metrics, events, url } = await routerTo(upstreamPort);

		const answer = await get(`${url}/missing`, { host: 'app.example.com', 'x-request-id': 'edge-42' });
		expect(answer.status).toBe(404);
		expect(answer.headers['x-request-id']).toBe('edge-42');
		expect(seenId).toBe('edge-42');
		const text = await metrics.registry.metrics();
		expect(text).toContain('epic_proxy_requests_total{target="control_plane",status_class="4xx"} 1\n');
		expect(text).not.toContain('epic_proxy_errors_total{');
		expect(events).toEqual([]);
	});

	it('logs an unreachable upstream as one JSON event with the request id, counts it, and answers 502', async () => {
		// Nothing listens on this port once it has been handed out and released.
		const { metrics, events, url } = await routerTo(await freeLoopbackPort());

		const answer = await get(`${url}/server/ping`, { host: 'app.example.com', 'x-request-id': 'edge-43', accept: 'application/json' });
		expect(answer.status).toBe(502);
		expect(answer.headers['x-request-id']).toBe('edge-43');
		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject({ level: 'error', msg: 'proxy to the upstream failed', requestId: 'edge-43', target: 'control_plane', method: 'GET' });
		expect(String(events[0]!['error'])).toMatch(/ECONNREFUSED/);
		const text = await metrics.registry.metrics();
		expect(text).toContain('epic_proxy_errors_total{target="control_plane",reason="upstream"} 1\n');
		expect(text).not.toContain('epic_proxy_requests_total{');
		// The upstream was never started by a wake: not the "could not start" page.
		expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: 'This site did not answer', extensions: { code: 'NO_ANSWER' } }] });
	});
});

/**
 * An upstream that answers the first request on each connection and keeps it alive, then closes
 * the connection when a second request arrives on it: what a site woken from SIGSTOP does when its
 * overdue keep-alive timer runs as the router writes on the connection.
 */
async function upstreamClosingReusedConnections() {
	const seen: { method: string; connection: number }[] = [];
	let connections = 0;
	const server = http.createServer((request, response) => {
		const socket = request.socket as typeof request.socket & { requestsSeen?: number; connection?: number };
		socket.connection ??= ++connections;
		socket.requestsSeen = (socket.requestsSeen ?? 0) + 1;
		seen.push({ method: request.method!, connection: socket.connection });
		if (socket.requestsSeen > 1) {
			socket.destroy();
			return;
		}
		request.resume();
		request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('pong'));
	});
	server.keepAliveTimeout = 60_000;
	return { port: await listening(server), seen };
}

function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method, headers, agent: false }, (response) => {
			let text = '';
			response.on('data', (chunk: Buffer) => (text += chunk.toString()));
			response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
		});
		request.on('error', reject);
		request.end(body);
	});
}

describe('host router, kept-alive upstream connections closed under a request', () => {
	const host = { host: 'app.example.com', accept: 'application/json' };

	it('sends a GET that failed on a reused connection once more on a fresh one, and it is answered', async () => {
		const upstream = await upstreamClosingReusedConnections();
		const { url, events } = await routerTo(upstream.port);

		expect(await send(`${url}/server/ping`, 'GET', host)).toEqual({ status: 200, body: 'pong' });
		expect(await send(`${url}/server/ping`, 'GET', host)).toEqual({ status: 200, body: 'pong' });
		// The second GET reached the kept-alive connection, was cut there, and went again on a new one.
		expect(upstream.seen).toEqual([
			{ method: 'GET', connection: 1 },
			{ method: 'GET', connection: 1 },
			{ method: 'GET', connection: 2 },
		]);
		expect(events).toEqual([]);
	});

	it('does not send a POST with a body twice: the client gets "did not answer", not "could not start"', async () => {
		const upstream = await upstreamClosingReusedConnections();
		const { url, events } = await routerTo(upstream.port);

		expect((await send(`${url}/items/a`, 'GET', host)).status).toBe(200);
		const headers = { ...host, 'content-type': 'application/json' };
		const answer = await send(`${url}/items/a`, 'POST', headers, JSON.stringify({ title: 'once' }));
		expect(answer.status).toBe(502);
		expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: 'This site did not answer', extensions: { code: 'NO_ANSWER' } }] });
		expect(upstream.seen).toEqual([
			{ method: 'GET', connection: 1 },
			{ method: 'POST', connection: 1 },
		]);
		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject({ msg: 'proxy to the upstream failed', method: 'POST' });
	});
});

describe('host router, a site whose wake fails', () => {
	it('answers "could not start" (UNAVAILABLE) and logs the failed wake', async () => {
		const events: LogEvent[] = [];
		const record = { id: 'p-broken', desired: 'running' } as InstanceRecord;
		const sites = {
			resolveHost: (name: string) => (name === 'broken.example.net' ? record : undefined),
			portIfRunning: () => null,
			beginActivity: () => () => {},
			wake: () => Promise.reject(new Error('the site exited with code 1 before answering')),
		} as unknown as SiteSleepCycle;
		const router = createHostRouter({
			sites,
			usage: { count: () => {} } as unknown as UsageCounter,
			controlPlaneHosts: new Set(['app.example.com']),
			controlPlanePort: null,
			wakePageAfterMs: 1000,
			supportEmail: 'help@example.com',
			metrics: new RuntimeMetrics(new Registry()),
			logEvent: (event) => events.push(event),
		});
		const port = await listening(router);

		const answer = await get(`http://127.0.0.1:${port}/server/ping`, { host: 'broken.example.net', accept: 'application/json' });
		expect(answer.status).toBe(502);
		expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: 'This site could not start', extensions: { code: 'UNAVAILABLE' } }] });
		expect(events).toEqual([expect.objectContaining({ msg: 'waking the instance failed', error: 'the site exited with code 1 before answering' })]);
	});
});

describe('host router, a client that never finishes its headers', () => {
	it('is answered 408 and cut off once the headers time-out has passed', async () => {
		const upstreamPort = await listening(http.createServer((_request, response) => response.end('never reached')));
		const { url } = await routerTo(upstreamPort, { headersTimeoutMs: 300 });
		const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
		await once(socket, 'connect');
		// Slow headers: a line now and then, never the blank line that ends them.
		socket.write('GET /server/ping HTTP/1.1\r\nHost: app.example.com\r\n');
		const drip = setInterval(() => socket.write('X-Drip: 1\r\n'), 100);
		let answer = '';
		socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
		try {
			await once(socket, 'close');
		} finally {
			clearInterval(drip);
		}
		expect(answer).toMatch(/^HTTP\/1\.1 408 /);
	});
});

describe('host router, the client address the control plane sees', () => {
	async function forwardedFor(trustedProxies: ReadonlySet<string>, host: string): Promise<string | undefined> {
		let seen: string | undefined;
		const upstreamPort = await listening(
			http.createServer((request, response) => {
				seen = request.headers['x-forwarded-for'] as string;
				response.end();
			}),
		);
		const { url } = await routerTo(upstreamPort, { trustedProxies });
		// As Caddy sends it: the client's address last in X-Forwarded-For, from loopback.
		expect((await get(`${url}/auth/login`, { host, 'x-forwarded-for': '203.0.113.5' })).status).toBe(200);
		return seen;
	}

	it('behind a trusted proxy, passes on the address the proxy forwarded, for IP-literal and trailing-dot hosts too', async () => {
		const trusted = new Set(['127.0.0.1', '::1']);
		expect(await forwardedFor(trusted, 'app.example.com')).toBe('203.0.113.5');
		expect(await forwardedFor(trusted, '198.51.100.20')).toBe('203.0.113.5');
		expect(await forwardedFor(trusted, 'app.example.com.')).toBe('203.0.113.5');
	});

	it('from any other peer, adds the peer, so a client cannot choose its own address', async () => {
		expect(await forwardedFor(new Set(), 'app.example.com')).toBe('203.0.113.5, 127.0.0.1');
	});
});
