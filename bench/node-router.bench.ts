/**
 * `node bench/node-router.bench.ts` (no npm script: a change to package.json rebuilds every image's
 * installed packages): what a node router (runtime/node-router.ts) adds to a request, and how soon
 * it serves a site by itself once the runtime's router goes. In one run, on loopback, against a
 * stand-in runtime router and a stand-in site task (plain HTTP servers answering at once, so the
 * figures are the routers' own work, not Directus's):
 *   - baseline: straight to the stand-in runtime router;
 *   - relayed: through the node router while the runtime's router answers;
 *   - direct: through the node router to the task (its task port and forwarder) while it does not;
 *   - failover: from the runtime's router closing to the first request answered from the task,
 *     with the production probe interval (1 s), over repeated trials.
 * Prints JSON.
 *
 * Env: BENCH_NODE_ROUTER_REQUESTS (default 500), BENCH_NODE_ROUTER_TRIALS (default 10).
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { HostIndex } from '../runtime/src/instances/host-index.ts';
import { createNodeRouter } from '../runtime/src/node-router/node-router.ts';
import { NodeRouterMetrics } from '../runtime/src/node-router/node-router-metrics.ts';
import { RUNTIME_ROUTER_CONNECT_TIMEOUT_MS, RuntimeRouterWatch } from '../runtime/src/node-router/runtime-router-watch.ts';
import { SiteTaskPorts } from '../runtime/src/node-router/site-task-ports.ts';
import { StateRecordsReader } from '../runtime/src/node-router/state-records-reader.ts';
import { machineReport } from './lib/machine.ts';
import { round, summary } from './lib/statistics.ts';

const REQUESTS = Number(process.env['BENCH_NODE_ROUTER_REQUESTS'] ?? 500);
const TRIALS = Number(process.env['BENCH_NODE_ROUTER_TRIALS'] ?? 10);
const PROBE_INTERVAL_MS = 1000;
const loadBefore = os.loadavg();
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function answering(name: string): http.Server {
	return http.createServer((request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(name));
}

async function listen(server: http.Server, port = 0): Promise<number> {
	server.listen(port, '127.0.0.1');
	await once(server, 'listening');
	return (server.address() as AddressInfo).port;
}

function get(port: number): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		http
			.get({ host: '127.0.0.1', port, path: '/items/notes', headers: { host: 'bench.sites.example' }, agent }, (response) => {
				let body = '';
				response.on('data', (chunk: Buffer) => (body += chunk.toString()));
				response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
			})
			.on('error', reject);
	});
}

/** Each request's time (ms), one after another, each checked to come from `from`. */
async function timedRequests(port: number, from: string): Promise<number[]> {
	const times: number[] = [];
	for (let index = 0; index < REQUESTS; index++) {
		const started = performance.now();
		const answer = await get(port);
		times.push(performance.now() - started);
		if (answer.status !== 200 || answer.body !== from) throw new Error(`expected ${from}'s answer, got ${answer.status} ${answer.body}`);
	}
	return times;
}

const task = answering('task');
const taskPort = await listen(task);
let runtimeRouter = answering('runtime-router');
const runtimeRouterPort = await listen(runtimeRouter);
const records = new StateRecordsReader(
	async () => [{ id: 'p-bench', record: { kind: 'project', phase: 'ready', desired: 'running', asleep: false, subdomain: 'bench', domains: [], dir: '/data/instances/p-bench' } }],
	() => {},
);
const ports = new SiteTaskPorts({ locate: async () => ({ taskId: 't', nodeId: 'n', host: '127.0.0.1', port: taskPort }), waitMs: 5000, cacheMs: 2000, log: () => {} });
await records.refresh();
await ports.sync(records.all());
const watch = new RuntimeRouterWatch({
	host: '127.0.0.1',
	port: runtimeRouterPort,
	intervalMs: PROBE_INTERVAL_MS,
	connectTimeoutMs: RUNTIME_ROUTER_CONNECT_TIMEOUT_MS,
	log: () => {},
});
await watch.start();
const nodeRouter = createNodeRouter({
	runtimeRouter: { host: '127.0.0.1', port: runtimeRouterPort },
	runtimeRouterConnectTimeoutMs: RUNTIME_ROUTER_CONNECT_TIMEOUT_MS,
	runtimeRouterStatus: watch,
	records,
	hosts: new HostIndex('sites.example', records),
	ports,
	usage: { count: () => {} },
	metrics: new NodeRouterMetrics(
		() => watch.isUp(),
		() => {},
	),
	supportEmail: 'help@example.com',
	trustedProxies: new Set(),
	logEvent: () => {},
});
const nodeRouterPort = await listen(nodeRouter);

try {
	const baseline = await timedRequests(runtimeRouterPort, 'runtime-router');
	const relayed = await timedRequests(nodeRouterPort, 'runtime-router');
	const failovers: number[] = [];
	/** Answers other than the site's (an error page, a failed connection) between the close and the first from the task. */
	let failedDuringFailover = 0;
	const returns: number[] = [];
	let direct: number[] = [];
	for (let trial = 0; trial < TRIALS; trial++) {
		// The runtime's router goes (its kept-alive connections with it), at a random point of the probe's interval.
		await new Promise((resolve) => setTimeout(resolve, Math.random() * PROBE_INTERVAL_MS));
		const closedAt = performance.now();
		runtimeRouter.closeAllConnections();
		runtimeRouter.close();
		for (;;) {
			const answer = await get(nodeRouterPort).catch(() => null);
			if (answer?.body === 'task') break;
			failedDuringFailover += 1;
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		failovers.push(performance.now() - closedAt);
		if (trial === 0) direct = await timedRequests(nodeRouterPort, 'task');
		runtimeRouter = answering('runtime-router');
		const reopenedAt = performance.now();
		await listen(runtimeRouter, runtimeRouterPort);
		for (;;) {
			const answer = await get(nodeRouterPort).catch(() => null);
			if (answer?.body === 'runtime-router') break;
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		returns.push(performance.now() - reopenedAt);
	}
	console.log(
		JSON.stringify(
			{
				benchmark: 'node-router',
				requests: REQUESTS,
				trials: TRIALS,
				probe_interval_ms: PROBE_INTERVAL_MS,
				request_ms: { baseline_runtime_router: summary(baseline), relayed_through_node_router: summary(relayed), direct_to_task: summary(direct) },
				relay_adds_p50_ms: round(summary(relayed).p50 - summary(baseline).p50),
				served_from_task_after_runtime_router_gone_ms: summary(failovers),
				failed_answers_during_failovers: failedDuringFailover,
				relayed_again_after_runtime_router_back_ms: summary(returns),
				machine: machineReport(loadBefore),
			},
			null,
			2,
		),
	);
} finally {
	watch.stop();
	ports.close();
	for (const server of [nodeRouter, runtimeRouter, task]) {
		server.closeAllConnections();
		server.close();
	}
	agent.destroy();
}
