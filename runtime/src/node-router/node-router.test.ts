/**
 * The node router on real loopback sockets: a stand-in for the runtime's router and a site's
 * task, each a plain HTTP server, so each answer says which way the request went. The router
 * itself, the records' host index and the task ports are the real ones; only the records are
 * given rather than read from PostgreSQL (tests/swarm/node-router-on-swarm.test.ts reads them
 * there, with a real runtime and real tasks).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { HostIndex } from '../instances/host-index.ts';
import type { LogEvent } from '../log-event.ts';
import { createNodeRouter } from './node-router.ts';
import { NodeRouterMetrics } from './node-router-metrics.ts';
import type { RuntimeRouterStatus } from './runtime-router-watch.ts';
import { SiteTaskPorts } from './site-task-ports.ts';
import { StateRecordsReader } from './state-records-reader.ts';

const servers: http.Server[] = [];
const stalled: ChildProcess[] = [];
const fillers: net.Socket[] = [];
let ports: SiteTaskPorts | null = null;

async function listening(server: http.Server): Promise<number> {
	servers.push(server);
	server.listen(0, '127.0.0.1');
	await once(server, 'listening');
	return (server.address() as AddressInfo).port;
}

/**
 * A server that answers every request with its name, the Host it was asked for, the method and the
 * body it read, and every websocket upgrade by switching protocols and sending its name and the Host.
 */
function answering(name: string): http.Server {
	const server = http.createServer((request, response) => {
		let body = '';
		request.on('data', (chunk: Buffer) => (body += chunk.toString()));
		request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end(`${name} ${request.headers.host} ${request.method}${body ? ` ${body}` : ''}`));
	});
	server.on('upgrade', (request: http.IncomingMessage, socket: Duplex) => {
		socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n${name} ${request.headers.host}`);
	});
	return server;
}

const site = (id: string, subdomain: string, state: { asleep?: boolean; desired?: string; corsOrigins?: string[] } = {}) => ({
	id,
	record: { kind: 'project', phase: 'ready', desired: 'running', asleep: false, subdomain, domains: [], dir: `/data/instances/${id}`, ...state },
});

/**
 * A runtime's router whose machine went with requests in flight: it reads each request whole and
 * never answers. `received(n)` resolves once n requests have come.
 */
function neverAnswering() {
	let count = 0;
	const waiting: Array<{ n: number; resolve: () => void }> = [];
	const server = http.createServer((request) => {
		request.resume();
		request.on('end', () => {
			count += 1;
			for (const wait of waiting.filter((item) => item.n <= count)) wait.resolve();
		});
	});
	const received = (n: number) => new Promise<void>((resolve) => (count >= n ? resolve() : waiting.push({ n, resolve })));
	return { server, received };
}

/**
 * A port whose connections no longer open, as a machine that is gone: a process that listens with a
 * backlog of one and never accepts, its queue filled first (the kernel then drops every new SYN).
 */
async function portThatNeverConnects(): Promise<number> {
	const listener = spawn(process.execPath, [
		'-e',
		"const s = require('node:net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => { process.stdout.write(s.address().port + '\\n'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); });",
	]);
	stalled.push(listener);
	const [line] = (await once(listener.stdout, 'data')) as [Buffer];
	const port = Number(line.toString().trim());
	for (let attempt = 0; attempt < 8; attempt++) {
		const socket = net.connect(port, '127.0.0.1');
		fillers.push(socket);
		const opened = await Promise.race([once(socket, 'connect').then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300))]);
		if (!opened) return port;
	}
	throw new Error(`connections to ${port} kept opening: its queue never filled`);
}

async function nodeRouter(options: { runtimePort?: number; connectTimeoutMs?: number } = {}) {
	const runtimePort = options.runtimePort ?? (await listening(answering('runtime-router')));
	const taskPort = await listening(answering('task'));
	const records = new StateRecordsReader(
		async () => [site('p1', 'awake', { corsOrigins: ['https://shop.example'] }), site('p2', 'sleepy', { asleep: true }), site('p3', 'unpaid', { desired: 'suspended' })],
		() => {},
	);
	const hosts = new HostIndex('sites.example', records);
	const located: string[] = [];
	ports = new SiteTaskPorts({
		locate: async (service) => (located.push(service), { taskId: 't1', nodeId: 'n1', host: '127.0.0.1', port: taskPort }),
		waitMs: 2000,
		cacheMs: 2000,
		log: () => {},
	});
	await records.refresh();
	await ports.sync(records.all());
	const state = { runtimeUp: true, refusals: 0 };
	const downListeners: Array<() => void> = [];
	const goDown = () => {
		if (!state.runtimeUp) return;
		state.runtimeUp = false;
		for (const listener of downListeners) listener();
	};
	const status: RuntimeRouterStatus = {
		isUp: () => state.runtimeUp,
		// As RuntimeRouterWatch.unreachable: down until a probe finds it back.
		unreachable: () => {
			state.refusals += 1;
			goDown();
		},
		onDown: (listener) => downListeners.push(listener),
	};
	const events: LogEvent[] = [];
	const metrics = new NodeRouterMetrics(
		() => state.runtimeUp,
		() => {},
	);
	/** The projects of the requests the node router counted, in order. */
	const counted: string[] = [];
	const port = await listening(
		createNodeRouter({
			runtimeRouter: { host: '127.0.0.1', port: runtimePort },
			runtimeRouterConnectTimeoutMs: options.connectTimeoutMs ?? 1000,
			runtimeRouterStatus: status,
			records,
			hosts,
			ports,
			usage: { count: (projectId) => counted.push(projectId) },
			metrics,
			supportEmail: 'help@example.com',
			trustedProxies: new Set(),
			logEvent: (event) => events.push(event),
		}),
	);
	/** As a probe that finds the runtime's router gone. */
	const probeFindsItGone = goDown;
	return { state, probeFindsItGone, located, events, counted, metrics, url: `http://127.0.0.1:${port}` };
}

function send(url: string, host: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
		const request = http.request(url, { method: options.method ?? 'GET', headers: { host, ...options.headers } }, (response) => {
			let body = '';
			response.on('data', (chunk: Buffer) => (body += chunk.toString()));
			response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
		});
		request.on('error', reject);
		request.end(options.body);
	});
}

/** A websocket upgrade: the status it got, and what came over the socket after a 101. */
function upgrade(url: string, host: string) {
	return new Promise<{ status: number; data: string }>((resolve, reject) => {
		const request = http.request(url, { headers: { host, connection: 'Upgrade', upgrade: 'websocket' } });
		request.on('upgrade', (response, socket, head: Buffer) => {
			let data = head.toString();
			socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
			socket.on('end', () => resolve({ status: response.statusCode ?? 0, data }));
		});
		request.on('response', (response) => {
			response.resume();
			resolve({ status: response.statusCode ?? 0, data: '' });
		});
		request.on('error', reject);
		request.end();
	});
}

/** A counter's values by its one label, as a scrape would read them. */
async function byLabel(metrics: NodeRouterMetrics, name: string): Promise<Record<string, number>> {
	const metric = metrics.registry.getSingleMetric(name);
	if (!metric) throw new Error(`no metric ${name}`);
	return Object.fromEntries((await metric.get()).values.map((value) => [String(Object.values(value.labels)[0]), value.value]));
}

afterEach(async () => {
	for (const socket of fillers.splice(0)) socket.destroy();
	for (const listener of stalled.splice(0)) listener.kill('SIGKILL');
	ports?.close();
	ports = null;
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	}
});

describe('a node router', () => {
	it("relays every request to the runtime's router while it answers, an unknown host and an upload included", async () => {
		const { url, located, counted, metrics } = await nodeRouter();
		expect((await send(`${url}/items/notes`, 'awake.sites.example')).body).toBe('runtime-router awake.sites.example GET');
		expect((await send(`${url}/`, 'sleepy.sites.example')).body).toBe('runtime-router sleepy.sites.example GET');
		expect((await send(`${url}/`, 'elsewhere.example')).body).toBe('runtime-router elsewhere.example GET');
		expect((await send(`${url}/files`, 'awake.sites.example', { method: 'POST', body: 'x' })).body).toBe('runtime-router awake.sites.example POST x');
		expect(located).toEqual([]);
		// The runtime's router counts what it is relayed.
		expect(counted).toEqual([]);
		expect(await byLabel(metrics, 'epic_node_router_requests_total')).toEqual({ relayed: 4 });
		expect(await metrics.registry.getSingleMetricAsString('epic_node_router_runtime_router_up')).toMatch(/^epic_node_router_runtime_router_up 1$/m);
	});

	it("serves an awake site from its task while the runtime's router does not answer, with the site's allowed origins, and counts it", async () => {
		const { url, state, located, counted, metrics } = await nodeRouter();
		state.runtimeUp = false;
		const answer = await send(`${url}/items/notes`, 'awake.sites.example', { headers: { origin: 'https://shop.example' } });
		expect(answer.status).toBe(200);
		expect(answer.body).toBe('task awake.sites.example GET');
		expect(answer.headers['access-control-allow-origin']).toBe('https://shop.example');
		expect(located).toEqual(['epic-site-p1']);

		const preflight = await send(`${url}/items/notes`, 'awake.sites.example', {
			method: 'OPTIONS',
			headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

		// A suspended site's own page, from its record, as the runtime's router would answer.
		const suspended = await send(`${url}/`, 'unpaid.sites.example', { headers: { accept: 'application/json' } });
		expect(suspended.status).toBe(503);
		expect(JSON.parse(suspended.body).errors[0].extensions.code).toBe('SUSPENDED');
		expect(located).toEqual(['epic-site-p1']);
		// The request and the preflight, both the site's; not the suspended site's page.
		expect(counted).toEqual(['p1', 'p1']);
		expect(await byLabel(metrics, 'epic_node_router_requests_total')).toEqual({ direct: 3 });
		expect(await metrics.registry.getSingleMetricAsString('epic_node_router_runtime_router_up')).toMatch(/^epic_node_router_runtime_router_up 0$/m);
	});

	it('answers what only the runtime can do with the platform-unavailable page while it does not answer', async () => {
		const { url, state, located, events, counted, metrics } = await nodeRouter();
		state.runtimeUp = false;
		for (const [host, method, path] of [
			['sleepy.sites.example', 'GET', '/'],
			['elsewhere.example', 'GET', '/'],
			['sites.example', 'GET', '/portal'],
			['awake.sites.example', 'POST', '/files'],
		] as const) {
			const answer = await send(`${url}${path}`, host, { method, headers: { accept: 'application/json' }, body: method === 'POST' ? 'upload' : undefined });
			expect(answer.status, `${method} ${host}${path}`).toBe(503);
			expect(answer.headers['retry-after'], `${method} ${host}${path}`).toBe('30');
			expect(JSON.parse(answer.body), `${method} ${host}${path}`).toEqual({
				errors: [{ message: 'The platform is briefly unavailable', extensions: { code: 'PLATFORM_UNAVAILABLE' } }],
			});
		}
		expect(located).toEqual([]);
		expect(events).toEqual([]);
		expect(counted).toEqual([]);
		expect(await byLabel(metrics, 'epic_node_router_requests_total')).toEqual({ unavailable: 4 });
	});

	it("answers from the task a request whose relay is refused, before any probe finds the runtime's router gone", async () => {
		const { url, state, events, metrics } = await nodeRouter();
		// The first server is the stand-in runtime router: closed, a relay's connect is refused.
		const runtimeRouter = servers[0]!;
		await new Promise((resolve) => runtimeRouter.close(resolve));
		const answer = await send(`${url}/items/notes`, 'awake.sites.example');
		expect(answer.status).toBe(200);
		expect(answer.body).toBe('task awake.sites.example GET');
		expect(state).toEqual({ runtimeUp: false, refusals: 1 });
		expect(events).toEqual([]);
		expect(await byLabel(metrics, 'epic_node_router_relay_failures_total')).toEqual({ not_connected: 1 });
		expect(await byLabel(metrics, 'epic_node_router_requests_total')).toEqual({ direct: 1 });
	});

	it('answers a refused relay for what only the runtime can do with the platform-unavailable page', async () => {
		const { url, state } = await nodeRouter();
		await new Promise((resolve) => servers[0]!.close(resolve));
		const answer = await send(`${url}/`, 'sleepy.sites.example', { headers: { accept: 'application/json' } });
		expect(answer.status).toBe(503);
		expect(JSON.parse(answer.body).errors[0].extensions.code).toBe('PLATFORM_UNAVAILABLE');
		expect(state).toEqual({ runtimeUp: false, refusals: 1 });
	});

	it('answers from the task a refused relay with a body, which was not read until the connection opened', async () => {
		const { url, state, events } = await nodeRouter();
		await new Promise((resolve) => servers[0]!.close(resolve));
		const answer = await send(`${url}/items/notes`, 'awake.sites.example', { method: 'POST', body: '{"title":"x"}' });
		expect(answer.status).toBe(200);
		expect(answer.body).toBe('task awake.sites.example POST {"title":"x"}');
		expect(events).toEqual([]);
		// The requests after it are not relayed to be refused in turn.
		expect(state).toEqual({ runtimeUp: false, refusals: 1 });
		expect((await send(`${url}/items/notes`, 'awake.sites.example')).body).toBe('task awake.sites.example GET');
	});

	it('answers from the task a relay whose connection does not open in time, as to a machine that is gone', async () => {
		const { url, state, events } = await nodeRouter({ runtimePort: await portThatNeverConnects(), connectTimeoutMs: 300 });
		const answer = await send(`${url}/items/notes`, 'awake.sites.example', { method: 'PATCH', body: '{"title":"y"}' });
		expect(answer.status).toBe(200);
		expect(answer.body).toBe('task awake.sites.example PATCH {"title":"y"}');
		expect(events).toEqual([]);
		expect(state).toEqual({ runtimeUp: false, refusals: 1 });
	});

	it('takes to the task a websocket whose relay does not open in time', async () => {
		const { url, state } = await nodeRouter({ runtimePort: await portThatNeverConnects(), connectTimeoutMs: 300 });
		expect(await upgrade(`${url}/websocket`, 'awake.sites.example')).toEqual({ status: 101, data: 'task awake.sites.example' });
		expect(state).toEqual({ runtimeUp: false, refusals: 1 });
	});

	it("answers from the task a relayed read still waiting when a probe finds the runtime's router gone, and a save with the no-answer page", async () => {
		const stalled = neverAnswering();
		const { url, state, probeFindsItGone, events, metrics } = await nodeRouter({ runtimePort: await listening(stalled.server) });
		const read = send(`${url}/items/notes`, 'awake.sites.example');
		const save = send(`${url}/items/notes`, 'awake.sites.example', { method: 'POST', headers: { accept: 'application/json' }, body: '{"title":"z"}' });
		await stalled.received(2);
		probeFindsItGone();
		expect(await read).toMatchObject({ status: 200, body: 'task awake.sites.example GET' });
		// The runtime's router may have saved it before its machine went: not sent a second time.
		const saved = await save;
		expect(saved.status).toBe(502);
		expect(JSON.parse(saved.body).errors[0].extensions.code).toBe('NO_ANSWER');
		expect(events.map((event) => event.msg)).toEqual(["relay to the runtime's router failed"]);
		expect(state).toEqual({ runtimeUp: false, refusals: 0 });
		expect(await byLabel(metrics, 'epic_node_router_relay_failures_total')).toEqual({ cut: 2 });
		expect(await byLabel(metrics, 'epic_node_router_requests_total')).toEqual({ direct: 1 });
	});

	it("relays a websocket to the runtime's router, and takes one it refuses to the site's task", async () => {
		const { url, state, metrics } = await nodeRouter();
		expect(await upgrade(`${url}/websocket`, 'awake.sites.example')).toEqual({ status: 101, data: 'runtime-router awake.sites.example' });
		await new Promise((resolve) => servers[0]!.close(resolve));
		expect(await upgrade(`${url}/websocket`, 'awake.sites.example')).toEqual({ status: 101, data: 'task awake.sites.example' });
		expect(state).toEqual({ runtimeUp: false, refusals: 1 });
		// A sleeping site's websocket needs the runtime to wake it.
		expect(await upgrade(`${url}/websocket`, 'sleepy.sites.example')).toEqual({ status: 503, data: '' });
		expect(await byLabel(metrics, 'epic_node_router_requests_total')).toEqual({ relayed: 1, direct: 1, unavailable: 1 });
	});
});
