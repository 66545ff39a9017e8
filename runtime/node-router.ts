/**
 * A node router's entry: `node runtime/node-router.ts`, on a Swarm manager other than the runtime's
 * (docs/swarm.md, Routing). Reads the environment (node-router-config.ts), then wires the site
 * records, the watch on the runtime's router, the sites' task ports, the usage counter, the
 * metrics and the server; SIGINT/SIGTERM close it.
 */
import { once } from 'node:events';
import { HostIndex } from './src/instances/host-index.ts';
import { jsonEventLogger } from './src/log-event.ts';
import { loadNodeRouterConfig, NodeRouterConfigError } from './src/node-router/node-router-config.ts';
import { serveExposition } from './src/metrics/metrics-server.ts';
import { createNodeRouter } from './src/node-router/node-router.ts';
import { NodeRouterMetrics } from './src/node-router/node-router-metrics.ts';
import { RUNTIME_ROUTER_CONNECT_TIMEOUT_MS, RuntimeRouterWatch } from './src/node-router/runtime-router-watch.ts';
import { SiteTaskPorts } from './src/node-router/site-task-ports.ts';
import { StateChangeListener } from './src/node-router/state-change-listener.ts';
import { StateRecordsReader, stateRowsFrom } from './src/node-router/state-records-reader.ts';
import { checkSwarmManager } from './src/swarm/swarm-manager-check.ts';
import { locateTask } from './src/swarm/swarm-task-locator.ts';
import { CONNECTION_WAIT_MS, TASK_CACHE_MS } from './src/swarm/task-forwarder.ts';
import { PostgresUsageStore } from './src/usage/postgres-usage-store.ts';
import { UsageCounter } from './src/usage/usage-counter.ts';

const log = (message: string) => console.log(`[node-router] ${message}`);

let config;
try {
	config = loadNodeRouterConfig(process.env);
} catch (error) {
	if (!(error instanceof NodeRouterConfigError)) throw error;
	console.error(error.message);
	process.exit(1);
}

log(await checkSwarmManager(undefined, { setting: 'the node router', process: 'it' }));
const rows = stateRowsFrom(config.RUNTIME_STATE_PG_URL);
const records = new StateRecordsReader(rows, log);
const hosts = new HostIndex(config.PUBLIC_HOST, records);
// A request waits for a task that moves (its node lost) as long as one through the holder would.
const ports = new SiteTaskPorts({ locate: (service) => locateTask(service), waitMs: CONNECTION_WAIT_MS, cacheMs: TASK_CACHE_MS, log });
records.onChange(() => void ports.sync(records.all()).catch((error: Error) => log(`could not open the sites' ports: ${error.message}`)));
await records.refresh();
// Read again at each of the runtime's writes, and on a slow poll for a notification lost with its session.
const changes = new StateChangeListener({ url: config.RUNTIME_STATE_PG_URL, onChange: () => void records.refresh(), log, reconnectMs: 5_000 });
await changes.start();
const refresher = setInterval(() => void records.refresh(), config.NODE_ROUTER_RECORDS_SECONDS * 1000);

// The requests served without the runtime, added to its counts in the state database.
const usage = new UsageCounter(new PostgresUsageStore(config.RUNTIME_STATE_PG_URL), log, (requests) =>
	log(`added ${requests} requests served from the sites' tasks to the usage counts`),
);

const watch = new RuntimeRouterWatch({ ...config.runtimeRouter, intervalMs: config.NODE_ROUTER_PROBE_SECONDS * 1000, connectTimeoutMs: RUNTIME_ROUTER_CONNECT_TIMEOUT_MS, log });
await watch.start();

const metrics = new NodeRouterMetrics(() => watch.isUp(), log);
const metricsServer = serveExposition({ contentType: metrics.registry.contentType, collect: () => metrics.registry.metrics(), log });
metricsServer.listen(config.NODE_ROUTER_METRICS_PORT, config.NODE_ROUTER_METRICS_HOST);
await once(metricsServer, 'listening');

const server = createNodeRouter({
	runtimeRouter: config.runtimeRouter,
	runtimeRouterConnectTimeoutMs: RUNTIME_ROUTER_CONNECT_TIMEOUT_MS,
	runtimeRouterStatus: watch,
	records,
	hosts,
	ports,
	usage,
	metrics,
	supportEmail: config.SUPPORT_EMAIL,
	trustedProxies: config.trustedProxies,
	logEvent: jsonEventLogger(),
});
server.listen(config.NODE_ROUTER_PORT, config.NODE_ROUTER_HOST);
await once(server, 'listening');
log(
	`node router on ${config.NODE_ROUTER_HOST}:${config.NODE_ROUTER_PORT}, relaying to the runtime's router on ${config.runtimeRouter.host}:${config.runtimeRouter.port} while it answers (${records.all().length} site records read); metrics on ${config.NODE_ROUTER_METRICS_HOST}:${config.NODE_ROUTER_METRICS_PORT}/metrics`,
);

function close(): void {
	clearInterval(refresher);
	void changes.close();
	watch.stop();
	ports.close();
	server.close();
	server.closeAllConnections();
	metricsServer.close();
	void Promise.allSettled([usage.close(), rows.close()]).finally(() => process.exit(0));
}
process.on('SIGTERM', close);
process.on('SIGINT', close);
