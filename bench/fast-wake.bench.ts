/**
 * Fast-wake benchmark: how quickly a sleeping Directus site answers from each sleep tier
 * (docs/architecture.md#data-plane-runtime, "Sleep tiers"), and what an awake site costs in memory. Prints one JSON
 * object on stdout (progress goes to stderr):
 *  - wake from paused (SIGCONT), from checkpointed (CRIU restore) and from stopped (a cold boot):
 *    a `GET /server/ping` through the router from the moment the status says the site sleeps in
 *    that tier until it answers 200; the tiers are reached at once through config (a short idle
 *    timeout; no pausing where the checkpointed or stopped tier is measured);
 *  - the size of a checkpoint image;
 *  - RSS and PSS of each awake site's Directus process (from /proc/PID/smaps_rollup), idle and after
 *    a burst of load, and of a site after its restore.
 * Each tier runs its own runtime (fresh data folder); the paused and checkpointed ones start their
 * sites through the site launcher, as a machine with CRIU does.
 * Run: `npm run bench:fast-wake` (BENCH_WAKE_SAMPLES=10, BENCH_MEMORY_SITES=3, BENCH_LOAD_SECONDS=5;
 * INSTANCE_HEAP_LIMIT_MB and INSTANCE_SEMI_SPACE_MB are passed to the runtime, to compare settings).
 */
import os from 'node:os';
import { TestRuntime, type TestRuntimeOptions } from '../tests/support/test-runtime.ts';
import type { SleepTier, SleepTiersStatus } from '@epic/runtime-contract';
import { BenchRuntimes } from './lib/bench-runtimes.ts';
import { keepAwake, KEEP_AWAKE_EVERY_MS, pingSite } from './lib/keep-awake.ts';
import { machineReport } from './lib/machine.ts';
import { load } from './lib/load-run.ts';
import { prepareCollection, provision, type ProvisionedProject } from './lib/projects.ts';
import { apiStatus } from './lib/runtime-api.ts';
import { memoryReport, siteMemory, type SiteMemory } from './lib/site-memory.ts';
import { mean, mib, round, summary } from './lib/statistics.ts';
import { elapsed, now, sleep } from './lib/time.ts';

const WAKE_SAMPLES = Math.max(1, Number(process.env['BENCH_WAKE_SAMPLES'] ?? 10));
const MEMORY_SITES = Math.max(1, Number(process.env['BENCH_MEMORY_SITES'] ?? 3));
const LOAD_SECONDS = Math.max(1, Number(process.env['BENCH_LOAD_SECONDS'] ?? 5));
const IDLE_TIMEOUT_SECONDS = 1;
/** The sites' Node memory settings to measure (the runtime's INSTANCE_HEAP_LIMIT_MB and INSTANCE_SEMI_SPACE_MB; unset: its defaults). */
const SITE_NODE_SETTINGS: Record<string, string> = Object.fromEntries(
	(['INSTANCE_HEAP_LIMIT_MB', 'INSTANCE_SEMI_SPACE_MB'] as const).flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
);

const TARGETS = { checkpointed_wake_p95_ms: 1000, idle_site_pss_mib: 200 };

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const runtimes = new BenchRuntimes(log);

function withRuntime<T>(name: string, options: TestRuntimeOptions, work: (rt: TestRuntime) => Promise<T>) {
	log(`${name}: ${JSON.stringify(options)}`);
	return runtimes.run(name, new TestRuntime({ warmPoolSize: 0, idleTimeoutSeconds: IDLE_TIMEOUT_SECONDS, ...options, env: { ...SITE_NODE_SETTINGS, ...options.env } }), work);
}

async function sleepTiers(rt: TestRuntime): Promise<SleepTiersStatus> {
	const response = await fetch(`${rt.apiUrl}/sleep-tiers`, { headers: { authorization: `Bearer ${rt.secret}` } });
	if (!response.ok) throw new Error(`GET /sleep-tiers answered ${response.status}`);
	return ((await response.json()) as { data: SleepTiersStatus }).data;
}

async function untilSleepingIn(rt: TestRuntime, id: string, tier: SleepTier) {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		const status = await apiStatus(rt, id);
		if (status.state === 'sleeping' && status.sleepTier === tier) return status;
		await sleep(50);
	}
	throw new Error(`${id} did not sleep ${tier} within 60 s: ${JSON.stringify(await apiStatus(rt, id))}`);
}

/** Wake samples from one tier: each waits for the site to sleep there, then times a ping to 200. */
async function wakeSamples(rt: TestRuntime, project: ProvisionedProject, tier: SleepTier, afterEach?: () => Promise<void>) {
	const samples: number[] = [];
	const notOk: string[] = [];
	for (let i = 0; i < WAKE_SAMPLES; i++) {
		await untilSleepingIn(rt, project.projectId, tier);
		const started = now();
		for (let attempt = 1; ; attempt++) {
			const status = await pingSite(rt, project.host);
			if (status === 200) break;
			notOk.push(`sample ${i + 1}: ${status}`);
			if (attempt >= 20) throw new Error(`${project.projectId} did not answer 200 after waking from ${tier}`);
			await sleep(50);
		}
		samples.push(elapsed(started));
		log(`${tier} wake ${i + 1}/${WAKE_SAMPLES}: ${round(samples.at(-1)!)} ms`);
		await afterEach?.();
	}
	return { latency_ms: summary(samples), samples_ms: samples.map(round), non_200_before_success: notOk };
}

/** Paused tier, plus the memory of awake sites (started through the site launcher). */
async function measurePausedAndMemory(rt: TestRuntime) {
	const projects: ProvisionedProject[] = [];
	for (let i = 0; i < MEMORY_SITES; i++) {
		const stopKeeping = keepAwake(rt, projects.slice());
		projects.push(await provision(rt, i, 'awake'));
		await stopKeeping();
		log(`memory: site ${i + 1}/${MEMORY_SITES} created`);
	}
	const stopKeeping = keepAwake(rt, projects);
	await sleep(3000);
	const idle = await Promise.all(projects.map((project) => siteMemory(rt, project.projectId)));
	const itemsPath = await prepareCollection(rt, projects[0]!.host, projects[0]!.token);
	const loads = [];
	for (const project of projects) {
		const path = project === projects[0] ? itemsPath : '/server/ping';
		const headers = { accept: 'application/json', authorization: `Bearer ${project.token}` };
		log(`memory: ${LOAD_SECONDS} s of load on ${project.host}${path}`);
		const run = await load({ label: project.projectId, url: rt.routerUrl, host: project.host }, path, headers, LOAD_SECONDS, { instance: null, runtime: null }, 20);
		loads.push({ site: project.projectId, path, ok_per_s: run.ok_per_s, non_2xx: run.non_2xx });
	}
	const afterLoad = await Promise.all(projects.map((project) => siteMemory(rt, project.projectId)));
	await stopKeeping();
	const paused = await wakeSamples(rt, projects[0]!, 'paused');
	return {
		paused,
		memory: {
			idle: memoryReport(idle),
			after_load: { ...memoryReport(afterLoad), load: loads },
			note: `${MEMORY_SITES} sites awake at once, each one Directus under the site launcher (the figures are of the Directus process). Idle: 3 s after the last site was created, with a /server/ping every ${KEEP_AWAKE_EVERY_MS} ms to keep them awake. After load: ${LOAD_SECONDS} s of 20 connections per site, one after another (the first site's an authenticated read of 25 items, the others /server/ping).`,
		},
	};
}

/** Checkpointed tier (no pausing), the image's size, and a restored site's memory. */
async function measureCheckpointed(rt: TestRuntime) {
	const tiers = await sleepTiers(rt);
	if (!tiers.checkpoint.available) throw new Error(`checkpoints are not available on this machine: ${tiers.checkpoint.reason}`);
	const project = await provision(rt, 0, 'snap');
	const imageBytes: number[] = [];
	const restoredMemory: SiteMemory[] = [];
	await untilSleepingIn(rt, project.projectId, 'checkpointed');
	imageBytes.push((await sleepTiers(rt)).imageBytes);
	const samples = await wakeSamples(rt, project, 'checkpointed', async () => {
		restoredMemory.push(await siteMemory(rt, project.projectId));
		await untilSleepingIn(rt, project.projectId, 'checkpointed');
		imageBytes.push((await sleepTiers(rt)).imageBytes);
	});
	const restoreFailures = rt.output().split('restoring its checkpoint failed').length - 1;
	const dumpFailures = rt.output().split('checkpoint failed, stopping it instead').length - 1;
	return {
		checkpointed: { ...samples, restore_failures: restoreFailures, dump_failures: dumpFailures, criu_version: tiers.checkpoint.criuVersion },
		image: { size_mib: { mean: mib(mean(imageBytes)), min: mib(Math.min(...imageBytes)), max: mib(Math.max(...imageBytes)) }, images_measured: imageBytes.length },
		restored_site_memory: memoryReport(restoredMemory),
	};
}

async function measureStopped(rt: TestRuntime) {
	const project = await provision(rt, 0, 'cold');
	return { stopped: await wakeSamples(rt, project, 'stopped') };
}

const loadBefore = os.loadavg();
const started = now();
try {
	const paused = await withRuntime('paused', { sleepTiers: { pausedMemoryLimitMb: 100_000, pausedForSeconds: 3600, checkpoints: true } }, measurePausedAndMemory);
	const checkpointed = await withRuntime('checkpointed', { sleepTiers: { pausedMemoryLimitMb: 0, pausedForSeconds: 3600, checkpoints: true } }, measureCheckpointed);
	const stopped = await withRuntime('stopped', { sleepTiers: { pausedMemoryLimitMb: 0, pausedForSeconds: 3600, checkpoints: false } }, measureStopped);

	const checkpointedP95 = checkpointed.result.checkpointed.latency_ms.p95;
	const idlePss = paused.result.memory.idle.pss_mib.max;
	const targets = {
		checkpointed_wake_p95_ms: { target: `<= ${TARGETS.checkpointed_wake_p95_ms}`, value: checkpointedP95, pass: checkpointedP95 <= TARGETS.checkpointed_wake_p95_ms },
		idle_site_pss_mib: { target: `<= ${TARGETS.idle_site_pss_mib} (the largest of the idle sites)`, value: idlePss, pass: idlePss <= TARGETS.idle_site_pss_mib },
	};
	console.log(
		JSON.stringify(
			{
				benchmark: 'fast-wake',
				database: 'sqlite',
				site_node_settings: SITE_NODE_SETTINGS,
				machine: machineReport(loadBefore),
				targets,
				all_targets_pass: Object.values(targets).every((target) => target.pass),
				wake_ms: {
					request: 'GET /server/ping, Accept: application/json, through the router, from the status saying the site sleeps in the tier',
					paused: paused.result.paused,
					checkpointed: checkpointed.result.checkpointed,
					stopped_cold_boot: stopped.result.stopped,
				},
				checkpoint_image: checkpointed.result.image,
				memory: { ...paused.result.memory, restored_site: checkpointed.result.restored_site_memory },
				trouble: { paused: paused.trouble, checkpointed: checkpointed.trouble, stopped: stopped.trouble },
				total_s: round(elapsed(started) / 1000),
			},
			null,
			2,
		),
	);
} finally {
	await runtimes.destroyAll();
}
