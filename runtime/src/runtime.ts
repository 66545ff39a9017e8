/**
 * Assembles the runtime: template, state, supervision, warm pool, idle sweep, the management API
 * on loopback, the public host router and the metrics scrape address. `main.ts` only calls this and
 * handles signals.
 */
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import { directusVersion } from '@epic/node-support/directus';
import type { CheckpointSupport } from '@epic/runtime-contract';
import { createApiServer } from './api/api-server.ts';
import { BackupService } from './backups/backup-service.ts';
import { backupStoreFromConfig } from './backups/backup-store-from-config.ts';
import type { RuntimeConfig } from './config.ts';
import { HostIndex } from './instances/host-index.ts';
import { InstanceFactory, instancesDir } from './instances/instance-factory.ts';
import { InstanceService } from './instances/instance-service.ts';
import { SiteSleepCycle } from './instances/site-sleep-cycle.ts';
import { KeyedMutex } from '@epic/concurrency';
import { ProcessSupervisor, type SiteSpawner, type Logger } from './instances/process-supervisor.ts';
import { dockerSpawner } from './containers/docker-spawner.ts';
import { ensureSiteNetwork } from './containers/docker-network.ts';
import { siteContainerSettings } from './containers/site-container-settings.ts';
import { mountableSiteMigrations } from './containers/mountable-site-migrations.ts';
import { recover } from './instances/recovery.ts';
import { WarmPool } from './instances/warm-pool.ts';
import { jsonEventLogger, type EventLogger } from './log-event.ts';
import { controlPlaneMetricsReader } from './metrics/control-plane-metrics.ts';
import { registerInstanceGauges } from './metrics/instance-gauges.ts';
import { registerPreviousSecretGauge } from './metrics/previous-secret-gauge.ts';
import { createMetricsServer } from './metrics/metrics-server.ts';
import { RuntimeMetrics } from './metrics/runtime-metrics.ts';
import { runtimeRegistry } from './metrics/runtime-registry.ts';
import { killAndWait, processesOfRuntime } from './processes/process-table.ts';
import { createHostRouter } from './router/host-router.ts';
import { openUsageCounter } from './usage/open-usage-counter.ts';
import { closeIdleUpstreamSockets } from './router/proxy.ts';
import { StorageQuota } from './router/storage-quota.ts';
import { wakeFloor } from './router/wake-floor.ts';
import { describeSleepTiers, detectCheckpointSupport } from './checkpoint/checkpoint-support.ts';
import { SleepTiers } from './sleep-tiers/sleep-tiers.ts';
import { siteUploadsFromConfig } from './backups/site-uploads/site-uploads-from-config.ts';
import { processSpawner } from './processes/process-spawner.ts';
import { checkSwarmManager } from './swarm/swarm-manager-check.ts';
import { ensureSwarmSiteNetwork } from './swarm/swarm-node-guard.ts';
import { removeOrphanServices } from './swarm/orphan-services.ts';
import { describeSitesOnPreviousSecret, servicesOnPreviousSecret } from './swarm/sites-on-previous-secret.ts';
import { moveSitesToCurrentSecret, renewThrough } from './swarm/sites-to-current-secret.ts';
import { unpauseLeftoverContainers } from './containers/paused-containers.ts';
import { nodeAgentClient, thawService } from './swarm/node-agent/node-agent-client.ts';
import { siteStorageIn, startSiteS3Gate } from './swarm/site-s3-gate.ts';
import { swarmServiceSettings } from './swarm/swarm-service-settings.ts';
import { swarmSpawner } from './swarm/swarm-spawner.ts';
import type { InstanceRecord } from './state/instance-record.ts';
import { openStateStore } from './state/open-state-store.ts';
import type { StateStore } from './state/state-store.ts';
import type { InstanceDatabases } from './storage/instance-databases.ts';
import { acceptedSecrets } from './secrets/accepted-secrets.ts';
import { PostgresDatabases } from './storage/postgres-databases.ts';
import { SqliteDatabases } from './storage/sqlite-databases.ts';
import { startSiteMail } from './site-mail/site-mail.ts';
import { siteMigrator } from './upgrades/migrate-site.ts';
import { closeGently } from './router/close-gently.ts';
import { UpgradeService } from './upgrades/upgrade-service.ts';

/** How long a runtime handing its sites over lets its router's requests in flight finish (docker-stack.yml gives it 60 s to stop). */
const HAND_OFF_DRAIN_MS = 10_000;

export interface RunningRuntime {
	service: InstanceService;
	/**
	 * Closes the runtime. Every site is stopped, unless `leaveSitesRunning`: a runtime handing its
	 * sites to the next one (swarm/runtime-hand-off.ts) leaves them and their holders as they are.
	 */
	stop(options?: { leaveSitesRunning?: boolean }): Promise<void>;
}

function instanceDatabases(config: RuntimeConfig, installed: string): InstanceDatabases {
	if (config.INSTANCE_DB_CLIENT === 'pg') {
		// Swarm tasks get passwords of their own as they start (swarm/task-gate/).
		const passwordsPerTask = config.RUNTIME_DRIVER === 'swarm';
		return new PostgresDatabases(config.dataDir, installed, config.INSTANCE_PG_URL!, config.INSTANCE_DB_PREFIX, config.siteMigrationsDir, config.RUNTIME_SECRET, passwordsPerTask);
	}
	return new SqliteDatabases(config.dataDir, installed, config.siteMigrationsDir);
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

/**
 * How sites are started, and the sleep tiers that fit: processes (processes/process-spawner.ts:
 * each as its own uid under root, or through the site launcher where checkpoints work), or
 * containers and Swarm services, which sleep paused (`docker pause`, a swarm task's through its
 * node's agent) or stopped.
 */
async function siteSpawner(
	config: RuntimeConfig,
	store: StateStore,
	databases: InstanceDatabases,
	log: Logger,
): Promise<{ spawner: SiteSpawner; support: CheckpointSupport; tierConfig: RuntimeConfig; mailRelayHost: string | null; close?: () => Promise<void> }> {
	if (config.RUNTIME_DRIVER === 'docker') {
		const network = await ensureSiteNetwork(config.DOCKER_SITE_NETWORK, log, config.DOCKER_ALLOW_UNSHIELDED_SITES, config.siteMail?.port ?? null);
		if (config.siteMail && !network.gateway) throw new Error(`Docker network ${network.name} has no gateway address for the sites' mail relay`);
		log(`sites run in containers of ${config.DOCKER_SITE_IMAGE} on network ${network.name}${network.hostShielded ? '' : ' (NOT shielded from the host)'}`);
		const thawed = await unpauseLeftoverContainers(config.dataDir);
		if (thawed) log(`${thawed} site containers a previous runtime left paused were thawed, to end with their CLI or be adopted`);
		return {
			spawner: dockerSpawner(siteContainerSettings(config, network.name), log),
			support: { available: false, reason: 'sites run in containers, which are paused or stopped, never checkpointed', criuVersion: null },
			tierConfig: config,
			// Containers reach the host only at their bridge's address.
			mailRelayHost: config.siteMail ? network.gateway : null,
		};
	}
	if (config.RUNTIME_DRIVER === 'swarm') {
		log(await checkSwarmManager());
		await ensureSwarmSiteNetwork(config.SWARM_SITE_NETWORK);
		const storage = config.swarmSiteStorage!;
		if (!(databases instanceof PostgresDatabases)) throw new Error('Swarm sites run on PostgreSQL (INSTANCE_DB_CLIENT=pg)');
		const storageOf = async (instanceId: string) => siteStorageIn(store.all(), instanceId);
		const gate = await startSiteS3Gate(config, storage, storageOf, (storage, taskId) => databases.grantTaskPassword(storage, taskId), log);
		log(`sites reach their uploads through the S3 gate on ${storage.gate.host}:${gate.port}, each with a key for its own prefix, and get each task's database password there`);
		const agents = config.SWARM_NODE_AGENT_SECRET ? nodeAgentClient(config.SWARM_NODE_AGENT_PORT, config.SWARM_NODE_AGENT_SECRET) : null;
		if (!agents) log('SWARM_NODE_AGENT_SECRET is not set: swarm sites sleep stopped, never paused');
		const awake = new Set(
			store
				.all()
				.filter((record) => record.desired === 'running' && !record.asleep)
				.map((record) => record.dir),
		);
		await removeOrphanServices(config.dataDir, awake, agents && ((service) => thawService(agents, service)), log);
		if (config.RUNTIME_SECRET_PREVIOUS) {
			await servicesOnPreviousSecret(config.dataDir, config.RUNTIME_SECRET)
				.then((names) => log(describeSitesOnPreviousSecret(names)))
				.catch((error: Error) => log(`could not list the sites on the previous secret: ${error.message}`));
		}
		return {
			spawner: swarmSpawner(swarmServiceSettings(config), storage, config.RUNTIME_SECRET, agents, log),
			close: () => gate.close(),
			support: { available: false, reason: 'sites run as Swarm services, which are paused on their node or stopped, never checkpointed', criuVersion: null },
			tierConfig: agents ? config : { ...config, PAUSED_MEMORY_LIMIT_MB: 0 },
			// Tasks reach the relay only where SITE_MAIL_RELAY_HOST is an address every node reaches.
			mailRelayHost: config.siteMail?.host ?? null,
		};
	}
	mkdirSync(instancesDir(config), { recursive: true, mode: 0o700 });
	const { spawner, support } = processSpawner(config, store, await detectCheckpointSupport(config), log);
	return { spawner, support, tierConfig: config, mailRelayHost: config.siteMail?.host ?? null };
}

export async function startRuntime(givenConfig: RuntimeConfig, log: Logger, logEvent: EventLogger = jsonEventLogger()): Promise<RunningRuntime> {
	mkdirSync(givenConfig.dataDir, { recursive: true, mode: 0o700 });
	// Only the Docker driver's containers mount the site migrations; swarm tasks mount nothing of
	// this machine, and the runtime runs every migration itself, from where they are.
	const baseConfig =
		givenConfig.RUNTIME_DRIVER === 'docker' ? { ...givenConfig, siteMigrationsDir: mountableSiteMigrations(givenConfig.siteMigrationsDir, givenConfig.dataDir) } : givenConfig;
	const installed = directusVersion();
	// First: a runtime refused the records (another holds them) stops before it touches anything.
	const store = openStateStore(baseConfig, installed, log);
	const databases = instanceDatabases(baseConfig, installed);
	log('preparing the instance template…');
	const template = await databases.prepareTemplate();

	const metrics = new RuntimeMetrics(runtimeRegistry(), log);
	const usage = await openUsageCounter(baseConfig, log);
	const { spawner, support, tierConfig, mailRelayHost, close: closeSpawner } = await siteSpawner(baseConfig, store, databases, log);
	// Sites are told where they reach the mail relay: loopback for processes, the bridge for containers.
	const config: RuntimeConfig = baseConfig.siteMail && mailRelayHost ? { ...baseConfig, siteMail: { ...baseConfig.siteMail, host: mailRelayHost } } : baseConfig;
	log(describeSleepTiers(support, tierConfig.PAUSED_MEMORY_LIMIT_MB > 0));
	const supervisor = new ProcessSupervisor(config, store, databases, log, spawner, metrics);
	const tiers = new SleepTiers({ config: tierConfig, support, supervisor, store, closeUpstreamSockets: closeIdleUpstreamSockets, log, now: Date.now });
	const factory = new InstanceFactory(config, store, databases, template, installed);
	const pool = new WarmPool(config.WARM_POOL_SIZE, store, factory, supervisor, log);
	const hosts = new HostIndex(config.PUBLIC_HOST, store);
	const mail = config.siteMail ? await startSiteMail(config, store, [config.siteMail.host], log) : null;
	const locks = new KeyedMutex();
	const sleepCycle = new SiteSleepCycle({ store, supervisor, hosts, locks, log, metrics, tiers, now: Date.now });
	const uploads = siteUploadsFromConfig(config, log);
	const service = new InstanceService({
		uploads,
		store,
		databases,
		factory,
		supervisor,
		pool,
		hosts,
		locks,
		sleepCycle,
		tiers,
		log,
		metrics,
		onDeleted: (id) => {
			usage.forget(id).catch((error: Error) => log(`could not forget the usage counts of ${id}: ${error.message}`));
			mail?.forget(id);
		},
		...(mail ? { mailOf: (record: InstanceRecord) => mail.statusOf(record) } : {}),
	});
	registerInstanceGauges(metrics.registry, service, pool);
	if (config.RUNTIME_DRIVER === 'swarm') registerPreviousSecretGauge(metrics.registry, () => servicesOnPreviousSecret(config.dataDir, config.RUNTIME_SECRET), log);

	const report = await recover({ config, store, databases, factory, supervisor, log, directusVersion: installed });
	// An adopted instance's idle clock starts now: the requests it served before are not known.
	for (const id of report.adopted) sleepCycle.resetIdleClock(id);

	const { store: backupStore } = backupStoreFromConfig(config, log);
	// Dumps and archives a previous runtime was building when it died: never finished, never listed.
	rmSync(backupStore.workDir, { recursive: true, force: true });
	const backups = new BackupService({
		store: backupStore,
		uploads,
		databases,
		instances: store,
		service,
		keepScheduled: config.BACKUP_KEEP_SCHEDULED,
		keepManual: config.BACKUP_KEEP_MANUAL,
		keepSafety: config.BACKUP_KEEP_SAFETY,
		adoptCopy: (record, identity) => factory.adoptCopiedData(record, identity),
		log,
	});
	const upgrades = new UpgradeService({
		databases,
		store: backupStore,
		uploads,
		now: Date.now,
		instances: store,
		migrate: siteMigrator(config, databases, spawner.userFor),
		service,
		backups,
		directusVersion: installed,
		log,
	});
	const api = createApiServer({ secrets: acceptedSecrets(config), service, hosts, backups, upgrades, pool, usage, sleepTiers: () => tiers.status(), log });
	const controlPlanePort = config.CONTROL_PLANE_URL ? Number(new URL(config.CONTROL_PLANE_URL).port || 80) : null;
	const router = createHostRouter({
		sites: sleepCycle,
		usage,
		controlPlaneHosts: config.controlPlaneHosts,
		controlPlanePort,
		wakePageAfterMs: config.WAKE_PAGE_AFTER_MS,
		supportEmail: config.SUPPORT_EMAIL,
		metrics,
		logEvent,
		wakeAllowed: wakeFloor({ floorBytes: config.WAKE_MIN_FREE_MEMORY_MB * 1024 * 1024, freeMemoryBytes: os.freemem, tierOf: (id) => tiers.tierOf(id) }),
		trustedProxies: config.trustedProxies,
		storage: new StorageQuota({
			defaultQuotaMb: config.SITE_STORAGE_QUOTA_MB,
			measure: async (id) => (await service.statusWithDisk(id)).diskBytes ?? 0,
			now: Date.now,
		}),
		headersTimeoutMs: config.ROUTER_HEADERS_TIMEOUT_SECONDS * 1000,
		requestTimeoutMs: config.ROUTER_REQUEST_TIMEOUT_SECONDS * 1000,
	});
	const metricsServer = createMetricsServer({
		metrics,
		readControlPlane: config.CONTROL_PLANE_URL ? controlPlaneMetricsReader(config.CONTROL_PLANE_URL, acceptedSecrets(config)) : null,
		log,
	});
	await listen(api, config.RUNTIME_API_PORT, config.RUNTIME_API_HOST);
	await listen(router, config.ROUTER_PORT, config.ROUTER_HOST);
	await listenForMetrics(metricsServer, config, log);
	log(`management API on http://${config.RUNTIME_API_HOST}:${config.RUNTIME_API_PORT}, router on port ${config.ROUTER_PORT}`);

	// Instances that should run start one after another, so a reboot does not start them all at once.
	// Nothing awaits this until shutdown: a rejection left here would end the runtime. Sites due
	// for an upgrade are left to it: it starts them once their database is migrated.
	const dueForUpgrade = new Set(upgrades.pending());
	const restarting = (async () => {
		for (const id of report.toStart) {
			if (!dueForUpgrade.has(id)) await supervisor.start(id).catch((error: Error) => log(`could not start ${id}: ${error.message}`));
		}
		await pool.refill();
		// A handed-out pool member whose relaunch the previous runtime did not finish.
		for (const id of report.adopted) if (!dueForUpgrade.has(id)) await service.refreshSiteUrl(id);
	})().catch((error: Error) => log(`starting the instances after start-up failed: ${error.message}`));
	// Then the upgrades, one site at a time; never rejects, and a shutdown does not wait for it.
	if (dueForUpgrade.size) log(`${dueForUpgrade.size} site(s) to upgrade to Directus ${installed}`);
	const upgrading = dueForUpgrade.size ? restarting.then(() => upgrades.upgradePending()) : restarting;
	// Then, in a rotation, the sites still on the previous secret start again (an upgraded one no
	// longer is); never rejects either, and starts no site once the runtime stops.
	let stopping = false;
	if (config.RUNTIME_DRIVER === 'swarm' && config.RUNTIME_SECRET_PREVIOUS) {
		void upgrading.then(() =>
			moveSitesToCurrentSecret({
				servicesOnPreviousSecret: () => servicesOnPreviousSecret(config.dataDir, config.RUNTIME_SECRET),
				records: () => store.all(),
				renew: renewThrough(service),
				stopping: () => stopping,
				log,
			}),
		);
	}

	let sweeping = false;
	const sweeper = setInterval(() => {
		if (sweeping) return;
		sweeping = true;
		sleepCycle
			.sleepIdle(config.IDLE_TIMEOUT_SECONDS * 1000)
			.then((sleepers) => sleepers.forEach((id) => log(`instance ${id} is asleep after ${config.IDLE_TIMEOUT_SECONDS} s without requests`)))
			.catch((error: Error) => log(`idle sweep failed: ${error.message}`))
			.finally(() => (sweeping = false));
	}, sweepIntervalMs(config.IDLE_TIMEOUT_SECONDS));

	return {
		service,
		async stop({ leaveSitesRunning = false } = {}) {
			stopping = true;
			upgrades.close();
			clearInterval(sweeper);
			pool.close();
			api.close();
			metricsServer.close();
			// Handing over, the sites stay up: the requests on their way to them may end as they would have.
			if (leaveSitesRunning) await closeGently(router, HAND_OFF_DRAIN_MS);
			else {
				router.close();
				router.closeAllConnections();
			}
			await restarting;
			if (leaveSitesRunning) {
				// Sleepers stay as they are too: the next runtime removes a paused one's service at start.
				supervisor.release();
			} else {
				await tiers.discardAll();
				await supervisor.stopAll();
				// Whatever a race may have started meanwhile goes too: no instance outlives a clean stop.
				for (const owned of processesOfRuntime(config.dataDir)) await killAndWait(owned.pid, 'SIGTERM');
			}
			await usage.close();
			await closeSpawner?.();
			await mail?.close();
			await databases.close();
			store.close();
		},
	};
}
