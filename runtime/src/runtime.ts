/**
 * Assembles the runtime: template, state, supervision, warm pool, idle sweep, the management API
 * on loopback, the public host router and the metrics scrape address. `main.ts` only calls this and
 * handles signals.
 */
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import type http from 'node:http';
import { directusVersion } from '@epic/node-support/directus';
import { createApiServer } from './api/api-server.ts';
import { BackupService } from './backups/backup-service.ts';
import { LocalBackupStore } from './backups/local-backup-store.ts';
import type { RuntimeConfig } from './config.ts';
import { HostIndex } from './instances/host-index.ts';
import { InstanceFactory } from './instances/instance-factory.ts';
import { InstanceService } from './instances/instance-service.ts';
import { ProcessSupervisor, type Logger } from './instances/process-supervisor.ts';
import { recover } from './instances/recovery.ts';
import { WarmPool } from './instances/warm-pool.ts';
import { jsonEventLogger, type EventLogger } from './log-event.ts';
import { controlPlaneMetricsReader } from './metrics/control-plane-metrics.ts';
import { registerInstanceGauges } from './metrics/instance-gauges.ts';
import { createMetricsServer } from './metrics/metrics-server.ts';
import { RuntimeMetrics } from './metrics/runtime-metrics.ts';
import { runtimeRegistry } from './metrics/runtime-registry.ts';
import { killAndWait, processesOfRuntime } from './processes/process-table.ts';
import { createHostRouter } from './router/host-router.ts';
import { UsageCounter } from './router/usage-counter.ts';
import { StateStore } from './state/state-store.ts';
import type { InstanceDatabases } from './storage/instance-databases.ts';
import { PostgresDatabases } from './storage/postgres-databases.ts';
import { SqliteDatabases } from './storage/sqlite-databases.ts';

export interface RunningRuntime {
	service: InstanceService;
	stop(): Promise<void>;
}

function instanceDatabases(config: RuntimeConfig): InstanceDatabases {
	if (config.INSTANCE_DB_CLIENT === 'pg') {
		return new PostgresDatabases(config.dataDir, directusVersion(), config.INSTANCE_PG_URL!, config.INSTANCE_DB_PREFIX);
	}
	return new SqliteDatabases(config.dataDir, directusVersion());
}

async function listen(server: http.Server, port: number, host: string): Promise<void> {
	server.listen(port, host);
	await once(server, 'listening');
}

/** Sweeps often enough that an instance sleeps within a third of its idle time after the limit. */
function sweepIntervalMs(idleSeconds: number): number {
	return Math.min(30_000, Math.max(250, (idleSeconds * 1000) / 3));
}

/**
 * The scrape address is not worth the runtime: a port already taken is logged and the sites serve
 * without metrics.
 */
async function listenForMetrics(server: http.Server, config: RuntimeConfig, log: Logger): Promise<void> {
	try {
		await listen(server, config.METRICS_PORT, config.METRICS_HOST);
		log(`metrics on http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);
	} catch (error) {
		log(`metrics: could not listen on ${config.METRICS_HOST}:${config.METRICS_PORT}: ${(error as Error).message}; serving without metrics`);
	}
	// Errors after listening (none expected) must not end the runtime either.
	server.on('error', (error) => log(`metrics server: ${error.message}`));
}

export async function startRuntime(config: RuntimeConfig, log: Logger, logEvent: EventLogger = jsonEventLogger()): Promise<RunningRuntime> {
	mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
	const databases = instanceDatabases(config);
	log('preparing the instance template…');
	const template = await databases.prepareTemplate();

	const metrics = new RuntimeMetrics(runtimeRegistry(), log);
	const store = new StateStore(config.dataDir);
	const usage = new UsageCounter(config.dataDir, log);
	const supervisor = new ProcessSupervisor(config, store, databases, log, undefined, metrics);
	const factory = new InstanceFactory(config, store, databases, template);
	const pool = new WarmPool(config.WARM_POOL_SIZE, store, factory, supervisor, log);
	const hosts = new HostIndex(config.PUBLIC_HOST, store);
	const service = new InstanceService({ store, databases, factory, supervisor, pool, hosts, log, metrics, onDeleted: (id) => usage.forget(id) });
	registerInstanceGauges(metrics.registry, service, pool);

	const report = await recover({ config, store, databases, factory, supervisor, log });
	// An adopted instance's idle clock starts now: the requests it served before are not known.
	for (const id of report.adopted) service.resetIdleClock(id);

	const backupStore = new LocalBackupStore(config.backupDir);
	// Dumps and archives a previous runtime was building when it died: never finished, never listed.
	rmSync(backupStore.workDir, { recursive: true, force: true });
	const backups = new BackupService({
		store: backupStore,
		databases,
		instances: store,
		service,
		directusVersion: directusVersion(),
		keepScheduled: config.BACKUP_KEEP_SCHEDULED,
		log,
	});
	const api = createApiServer({ secret: config.RUNTIME_SECRET, service, backups, pool, usage, log });
	const controlPlanePort = config.CONTROL_PLANE_URL ? Number(new URL(config.CONTROL_PLANE_URL).port || 80) : null;
	const router = createHostRouter({
		service,
		usage,
		controlPlaneHosts: config.controlPlaneHosts,
		controlPlanePort,
		wakePageAfterMs: config.WAKE_PAGE_AFTER_MS,
		supportEmail: config.SUPPORT_EMAIL,
		metrics,
		logEvent,
	});
	const metricsServer = createMetricsServer({
		metrics,
		readControlPlane: config.CONTROL_PLANE_URL ? controlPlaneMetricsReader(config.CONTROL_PLANE_URL, config.RUNTIME_SECRET) : null,
		log,
	});
	await listen(api, config.RUNTIME_API_PORT, config.RUNTIME_API_HOST);
	await listen(router, config.ROUTER_PORT, config.ROUTER_HOST);
	await listenForMetrics(metricsServer, config, log);
	log(`management API on http://${config.RUNTIME_API_HOST}:${config.RUNTIME_API_PORT}, router on port ${config.ROUTER_PORT}`);

	// Instances that should run start one after another, so a reboot does not start them all at once.
	// Nothing awaits this until shutdown: a rejection left here would end the runtime.
	const restarting = (async () => {
		for (const id of report.toStart) await supervisor.start(id).catch((error: Error) => log(`could not start ${id}: ${error.message}`));
		await pool.refill();
		// A handed-out pool member whose relaunch the previous runtime did not finish.
		for (const id of report.adopted) await service.refreshSiteUrl(id);
	})().catch((error: Error) => log(`starting the instances after start-up failed: ${error.message}`));

	let sweeping = false;
	const sweeper = setInterval(() => {
		if (sweeping) return;
		sweeping = true;
		service
			.sleepIdle(config.IDLE_TIMEOUT_SECONDS * 1000)
			.then((sleepers) => sleepers.forEach((id) => log(`instance ${id} is asleep after ${config.IDLE_TIMEOUT_SECONDS} s without requests`)))
			.catch((error: Error) => log(`idle sweep failed: ${error.message}`))
			.finally(() => (sweeping = false));
	}, sweepIntervalMs(config.IDLE_TIMEOUT_SECONDS));

	return {
		service,
		async stop() {
			clearInterval(sweeper);
			pool.close();
			api.close();
			metricsServer.close();
			router.close();
			router.closeAllConnections();
			await restarting;
			await supervisor.stopAll();
			// Whatever a race may have started meanwhile goes too: no instance outlives a clean stop.
			for (const owned of processesOfRuntime(config.dataDir)) await killAndWait(owned.pid, 'SIGTERM');
			usage.close();
			await databases.close();
		},
	};
}
