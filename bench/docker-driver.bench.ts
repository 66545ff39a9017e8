/**
 * The Docker runtime driver beside the process driver, measured in the same run on the same
 * machine, SQLite sites (BENCH_DB=pg: PostgreSQL sites, whose containers reach their database
 * through their gates), no warm pool. Prints one JSON object on stdout (progress on stderr):
 *  - provision (cold): `ensureInstance` to a successful admin login through the router;
 *  - wake: a sleeping (stopped) site's `GET /server/ping` through the router until it answers 200;
 *  - router throughput: autocannon through the router on `/server/ping` and on an authenticated
 *    read of 25 items;
 *  - memory per running site: PSS and RSS of the site (process: the Directus process; container:
 *    every process inside it), and for containers what each costs on the host beside (the docker
 *    CLI and docker-proxy).
 * Target (issue: Containers): the container driver within 1.3x of the process driver's p50 wake
 * and provision times.
 * Run: `npm run bench:docker-driver` (BENCH_PROVISION_SAMPLES=5, BENCH_WAKE_SAMPLES=5,
 * BENCH_MEMORY_SITES=3, BENCH_DURATION=10). Needs Docker; `npm test` or the first run sets it up.
 * Sites run from the local base image with the checkout's packages mounted, or from
 * BENCH_DOCKER_SITE_IMAGE (the Dockerfile's site image, say) as it is.
 */
import os from 'node:os';
import { dockerDriverEnv } from '../tests/support/docker.ts';
import { TestRuntime, type RuntimeDatabaseClient } from '../tests/support/test-runtime.ts';
import { BenchRuntimes } from './lib/bench-runtimes.ts';
import { keepAwake, pingSite } from './lib/keep-awake.ts';
import { machineReport } from './lib/machine.ts';
import { containerSiteMemory } from './lib/container-memory.ts';
import { load } from './lib/load-run.ts';
import { prepareCollection, provision, provisionReport, type ProvisionedProject } from './lib/projects.ts';
import { untilSleeping } from './lib/runtime-api.ts';
import { siteMemory } from './lib/site-memory.ts';
import { round, summary } from './lib/statistics.ts';
import { elapsed, now, sleep } from './lib/time.ts';

const PROVISION_SAMPLES = Math.max(1, Number(process.env['BENCH_PROVISION_SAMPLES'] ?? 5));
const WAKE_SAMPLES = Math.max(1, Number(process.env['BENCH_WAKE_SAMPLES'] ?? 5));
const MEMORY_SITES = Math.max(1, Number(process.env['BENCH_MEMORY_SITES'] ?? 3));
const DURATION = Math.max(1, Number(process.env['BENCH_DURATION'] ?? 10));
const IDLE_TIMEOUT_SECONDS = 1;
const TARGET_RATIO = 1.3;
const DB: RuntimeDatabaseClient = process.env['BENCH_DB'] === 'pg' ? 'pg' : 'sqlite3';

type Driver = 'process' | 'docker';

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const runtimes = new BenchRuntimes(log);

async function wakeSamples(rt: TestRuntime, project: ProvisionedProject) {
	const samples: number[] = [];
	for (let i = 0; i < WAKE_SAMPLES; i++) {
		await untilSleeping(rt, project.projectId);
		const started = now();
		for (let attempt = 1; (await pingSite(rt, project.host)) !== 200; attempt++) {
			if (attempt >= 20) throw new Error(`${project.projectId} did not answer 200 after waking`);
			await sleep(50);
		}
		samples.push(elapsed(started));
		log(`wake ${i + 1}/${WAKE_SAMPLES}: ${round(samples.at(-1)!)} ms`);
	}
	return summary(samples);
}

async function measure(driver: Driver, rt: TestRuntime) {
	const provisioned: ProvisionedProject[] = [];
	for (let i = 0; i < PROVISION_SAMPLES; i++) {
		provisioned.push(await provision(rt, i, 'cold'));
		log(`${driver}: provision ${i + 1}/${PROVISION_SAMPLES}: ${round(provisioned.at(-1)!.totalMs)} ms`);
	}
	const wake = await wakeSamples(rt, provisioned[0]!);

	// Memory: MEMORY_SITES sites awake at once, read 3 s after the last is awake.
	const awake = provisioned.slice(0, MEMORY_SITES);
	const stopKeeping = keepAwake(rt, awake);
	for (const project of awake) {
		for (let attempt = 0; (await pingSite(rt, project.host)) !== 200; attempt++) if (attempt > 100) throw new Error(`${project.host} does not wake`);
	}
	await sleep(3000);
	const memory = await Promise.all(awake.map((project) => (driver === 'docker' ? containerSiteMemory(rt, project.projectId) : siteMemory(rt, project.projectId))));

	// Throughput through the router, on the first site (awake, kept awake).
	const target = { label: 'router', url: rt.routerUrl, host: provisioned[0]!.host };
	const token = provisioned[0]!.token;
	const itemsPath = await prepareCollection(rt, target.host, token);
	const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
	const pids = { instance: null, runtime: rt.process?.pid ?? null };
	log(`${driver}: ${DURATION} s of /server/ping through the router`);
	const pingLoad = await load(target, '/server/ping', { accept: 'application/json' }, DURATION, pids);
	log(`${driver}: ${DURATION} s of an authenticated read of 25 items`);
	const itemsLoad = await load(target, itemsPath, headers, DURATION, pids);
	await stopKeeping();

	const pss = memory.map((site) => site.pss_mib);
	return {
		provision_cold: provisionReport(provisioned),
		wake_from_stopped_ms: wake,
		router_throughput: {
			ping: { ok_per_s: pingLoad.ok_per_s, latency_ms: pingLoad.latency_ms, non_2xx: pingLoad.non_2xx, errors: pingLoad.errors },
			items_read: { ok_per_s: itemsLoad.ok_per_s, latency_ms: itemsLoad.latency_ms, non_2xx: itemsLoad.non_2xx, errors: itemsLoad.errors },
		},
		memory_per_running_site: { sites: memory.length, pss_mib_mean: round(pss.reduce((a, b) => a + b, 0) / pss.length), per_site: memory },
	};
}

function run(driver: Driver, env: Record<string, string>) {
	return runtimes.run(driver, new TestRuntime({ db: DB, warmPoolSize: 0, idleTimeoutSeconds: IDLE_TIMEOUT_SECONDS, env }), (rt) => measure(driver, rt));
}

const loadBefore = os.loadavg();
const started = now();
try {
	const dockerEnv = await dockerDriverEnv(process.env['BENCH_DOCKER_SITE_IMAGE']);
	const processDriver = await run('process', {});
	const dockerDriver = await run('docker', dockerEnv);
	const ratio = (pick: (result: typeof processDriver.result) => number) => Math.round((pick(dockerDriver.result) / pick(processDriver.result)) * 100) / 100;
	const provisionRatio = ratio((result) => result.provision_cold.ensure_to_login_ms.p50);
	const wakeRatio = ratio((result) => result.wake_from_stopped_ms.p50);
	const targets = {
		provision_p50_ratio: { target: `<= ${TARGET_RATIO} (docker / process)`, value: provisionRatio, pass: provisionRatio <= TARGET_RATIO },
		wake_p50_ratio: { target: `<= ${TARGET_RATIO} (docker / process)`, value: wakeRatio, pass: wakeRatio <= TARGET_RATIO },
	};
	console.log(
		JSON.stringify(
			{
				benchmark: 'docker-driver',
				database: DB === 'pg' ? 'postgres' : 'sqlite',
				docker_site_image: dockerEnv['DOCKER_SITE_IMAGE'],
				machine: machineReport(loadBefore),
				targets,
				all_targets_pass: Object.values(targets).every((target) => target.pass),
				process: processDriver.result,
				docker: dockerDriver.result,
				throughput_ratio_docker_to_process: {
					ping: ratio((result) => result.router_throughput.ping.ok_per_s),
					items_read: ratio((result) => result.router_throughput.items_read.ok_per_s),
				},
				trouble: { process: processDriver.trouble, docker: dockerDriver.trouble },
				total_s: round(elapsed(started) / 1000),
			},
			null,
			2,
		),
	);
} finally {
	await runtimes.destroyAll();
}
