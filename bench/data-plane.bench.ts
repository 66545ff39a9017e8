/**
 * Data-plane benchmark: the runtime (`runtime/main.ts`) with real Directus instances. Prints one
 * JSON object on stdout (progress goes to stderr):
 *  - provisioning through the warm pool: `ensureInstance` to a successful admin login through the
 *    router, with a ready pool member waited for (untimed) before every project;
 *  - cold provisioning (no pool), each project deleted after it is measured so one runs at a time;
 *  - waking a sleeping project: a held `GET /server/ping` through the router until it answers 200;
 *  - router against direct access to the same instance (autocannon, order direct, router, router,
 *    direct), for `/server/ping` and an authenticated `GET /items/…` read, plus unloaded latency;
 *  - resident memory per running instance and of the runtime itself, disk per sleeping project.
 * Each part runs its own runtime (fresh data folder, template bootstrapped once each).
 * Run: `npm run bench:data-plane` (BENCH_DB=pg for PostgreSQL instances, BENCH_PROJECTS=20,
 * BENCH_WAKE_SAMPLES=10, BENCH_DURATION=10 seconds per load run).
 * The helpers live in `bench/lib/`; this file holds the settings, the phases and the report.
 */
import os from 'node:os';
import { hostRequest } from '../tests/support/host-request.ts';
import { TestRuntime, type TestRuntimeOptions } from '../tests/support/test-runtime.ts';
import { BenchRuntimes } from './lib/bench-runtimes.ts';
import { ForeignProcessWatch } from './lib/foreign-processes.ts';
import { CONNECTIONS, load, sequentialLatency, type LoadPids, type LoadRun, type Target } from './lib/load-run.ts';
import { residentBytes } from '../runtime/src/processes/process-table.ts';
import { prepareCollection, provision, provisionReport, type ProvisionedProject } from './lib/projects.ts';
import { apiStatus, settled } from './lib/runtime-api.ts';
import { mean, mib, round, round3, summary } from './lib/statistics.ts';
import { elapsed, now, sleep } from './lib/time.ts';

const db = process.env['BENCH_DB'] === 'pg' ? 'pg' : 'sqlite3';
const PROJECTS = Math.max(1, Number(process.env['BENCH_PROJECTS'] ?? 20));
const WAKE_SAMPLES = Math.max(1, Number(process.env['BENCH_WAKE_SAMPLES'] ?? Math.min(10, Math.ceil(PROJECTS / 2))));
/** Projects the wake samples rotate over (each is put back to sleep before its next sample). */
const WAKE_PROJECTS = Math.min(WAKE_SAMPLES, 5);
const DURATION_SECONDS = Number(process.env['BENCH_DURATION'] ?? 10);
const WARMUP_SECONDS = 3;
const SEQUENTIAL_REQUESTS = 300;
/** Warm-pool projects kept running (for memory and the router comparison); older ones are deleted. */
const KEEP_RUNNING = 4;
const IDLE_TIMEOUT_SECONDS = 2;

const TARGETS = {
	warm_pool_provision_p50_ms: 1000,
	cold_provision_p95_ms: 6000,
	wake_p95_ms: 5000,
	router_to_direct_throughput_ratio: 0.85,
};

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

// ---- runtimes, and the processes that are not theirs ----

const runtimes = new BenchRuntimes(log);

const foreign = new ForeignProcessWatch((pid) => [...runtimes.live].some((rt) => rt.process?.pid === pid));

function withRuntime<T>(name: string, options: TestRuntimeOptions, work: (rt: TestRuntime, startMs: number) => Promise<T>) {
	log(`${name}: ${JSON.stringify(options)}`);
	// Its runtime_start_ms is a new machine's: the runtime makes its own site template.
	const rt = new TestRuntime({ db, preparedSiteTemplate: false, ...options });
	foreign.ownDirs.add(rt.dataDir);
	return runtimes.run(name, rt, work);
}

// ---- router against direct ----

async function compareRouter(rt: TestRuntime, project: ProvisionedProject) {
	const status = await settled(rt, project.projectId);
	if (!status.port || status.state !== 'running') throw new Error(`${project.projectId} is not running: ${JSON.stringify(status)}`);
	const direct: Target = { label: 'direct', url: `http://127.0.0.1:${status.port}`, host: null };
	const router: Target = { label: 'router', url: rt.routerUrl, host: project.host };
	const itemsPath = await prepareCollection(rt, project.host, project.token);
	const pids: LoadPids = { instance: status.pid, runtime: rt.process?.pid ?? null };
	const endpoints: { name: string; path: string; headers: Record<string, string> }[] = [
		{ name: 'server_ping', path: '/server/ping', headers: { accept: 'application/json' } },
		{ name: 'items_read_authenticated', path: itemsPath, headers: { accept: 'application/json', authorization: `Bearer ${project.token}` } },
	];
	const results: Record<string, unknown> = {};
	const ratios: number[] = [];
	for (const endpoint of endpoints) {
		log(`router vs direct: ${endpoint.path}: warm-up, then direct, router, router, direct (${DURATION_SECONDS} s each)`);
		await load(router, endpoint.path, endpoint.headers, WARMUP_SECONDS, pids);
		await load(direct, endpoint.path, endpoint.headers, WARMUP_SECONDS, pids);
		const runs: LoadRun[] = [];
		for (const target of [direct, router, router, direct]) runs.push(await load(target, endpoint.path, endpoint.headers, DURATION_SECONDS, pids));
		const of = (label: string) => runs.filter((run) => run.target === label);
		const side = (label: string) => ({
			requests_per_s: round(mean(of(label).map((run) => run.requests_per_s))),
			ok_per_s: round(mean(of(label).map((run) => run.ok_per_s))),
			latency_p50_ms: round(mean(of(label).map((run) => run.latency_ms.p50))),
			latency_p99_ms: round(mean(of(label).map((run) => run.latency_ms.p99))),
			cpu_ms_per_ok_request: {
				instance: round3(mean(of(label).map((run) => run.cpu_ms_per_ok_request.instance ?? 0))),
				router_runtime: round3(mean(of(label).map((run) => run.cpu_ms_per_ok_request.router_runtime ?? 0))),
				load_generator: round3(mean(of(label).map((run) => run.cpu_ms_per_ok_request.load_generator ?? 0))),
			},
			other_processes_cpu_s: round(mean(of(label).map((run) => run.cpu_s.everything_else))),
		});
		const directSide = side('direct');
		const routerSide = side('router');
		const ratio = directSide.ok_per_s > 0 ? Math.round((routerSide.ok_per_s / directSide.ok_per_s) * 1000) / 1000 : 0;
		ratios.push(ratio);
		log(`  ${endpoint.name}: direct ${directSide.ok_per_s} ok/s, router ${routerSide.ok_per_s} ok/s (ratio ${ratio})`);
		const sequential = {
			direct: await sequentialLatency(direct, endpoint.path, endpoint.headers, SEQUENTIAL_REQUESTS),
			router: await sequentialLatency(router, endpoint.path, endpoint.headers, SEQUENTIAL_REQUESTS),
		};
		results[endpoint.name] = {
			path: endpoint.path,
			direct: directSide,
			router: routerSide,
			router_to_direct_ok_ratio: ratio,
			router_to_direct_requests_ratio: directSide.requests_per_s > 0 ? Math.round((routerSide.requests_per_s / directSide.requests_per_s) * 1000) / 1000 : 0,
			added_latency_p50_ms_at_50_connections: round(routerSide.latency_p50_ms - directSide.latency_p50_ms),
			unloaded_one_connection: {
				requests: SEQUENTIAL_REQUESTS,
				direct_ms: sequential.direct,
				router_ms: sequential.router,
				added_p50_ms: Math.round((sequential.router.p50 - sequential.direct.p50) * 100) / 100,
			},
			runs,
		};
	}
	const after = await apiStatus(rt, project.projectId);
	return {
		result: {
			method: `Same instance (${project.projectId}, port ${status.port}) in one run; per endpoint a ${WARMUP_SECONDS} s warm-up of each path, then ${DURATION_SECONDS} s runs in the order direct, router, router, direct at ${CONNECTIONS} connections; each side is the mean of its two runs. Ratio = router successes/s over direct successes/s.`,
			...results,
		},
		ratios,
		instanceRssAfterLoad: after.memoryBytes,
	};
}

// ---- the phases ----

/** Warm pool provisioning, then memory and router-vs-direct on the same runtime. */
async function measureWarmPool(rt: TestRuntime, startMs: number) {
	foreign.phase = 'warm_provision';
	const poolStarted = now();
	await rt.waitForPool(1, 180_000);
	const firstPoolMemberMs = elapsed(poolStarted);
	const samples: ProvisionedProject[] = [];
	const running: ProvisionedProject[] = [];
	for (let i = 0; i < PROJECTS; i++) {
		await rt.waitForPool(1, 180_000);
		const sample = await provision(rt, i, 'warm');
		samples.push(sample);
		running.push(sample);
		log(`warm ${i + 1}/${PROJECTS}: ${round(sample.totalMs)} ms (ensure ${round(sample.ensureMs)}, login ${round(sample.loginMs)}, ${sample.status.source})`);
		while (running.length > KEEP_RUNNING) await rt.driver.deleteInstance(running.shift()!.projectId);
	}

	// Memory, with the pool refilled and nothing starting.
	foreign.phase = 'memory';
	await rt.waitForPool(1, 180_000);
	await sleep(3000);
	const statuses = await Promise.all(running.map((project) => apiStatus(rt, project.projectId)));
	const rss = statuses.flatMap((status) => (status.memoryBytes ? [status.memoryBytes] : []));
	const runtimeRss = residentBytes(rt.process?.pid);

	foreign.phase = 'router_vs_direct';
	const router = await compareRouter(rt, running[running.length - 1]!);
	const runtimeRssAfterLoad = residentBytes(rt.process?.pid);
	return {
		startMs,
		firstPoolMemberMs,
		provisioning: provisionReport(samples),
		memory: {
			running_instances_measured: rss.length,
			instance_rss_mib: { mean: rss.length ? mib(mean(rss)) : null, min: rss.length ? mib(Math.min(...rss)) : null, max: rss.length ? mib(Math.max(...rss)) : null },
			instance_rss_after_load_mib: router.instanceRssAfterLoad ? mib(router.instanceRssAfterLoad) : null,
			runtime_process_rss_mib: runtimeRss ? mib(runtimeRss) : null,
			runtime_process_rss_after_load_mib: runtimeRssAfterLoad ? mib(runtimeRssAfterLoad) : null,
			note: `RSS of each instance's Directus process (status memoryBytes) after login, idle, before load; ${KEEP_RUNNING} most recent warm-pool projects plus one idle pool member were running. Runtime RSS from /proc/<pid>/status of the runtime process.`,
		},
		router,
	};
}

/** Cold provisioning: no pool; each project deleted after it is measured. */
async function measureCold(rt: TestRuntime, startMs: number) {
	const samples: ProvisionedProject[] = [];
	for (let i = 0; i < PROJECTS; i++) {
		const sample = await provision(rt, i, 'cold');
		samples.push(sample);
		log(`cold ${i + 1}/${PROJECTS}: ${round(sample.totalMs)} ms (ensure ${round(sample.ensureMs)}, login ${round(sample.loginMs)}, ${sample.status.source})`);
		await rt.driver.deleteInstance(sample.projectId);
	}
	return { startMs, provisioning: provisionReport(samples) };
}

/** Sleep and wake, and the disk a sleeping project takes. */
async function measureWake(rt: TestRuntime, startMs: number) {
	const projects: ProvisionedProject[] = [];
	for (let i = 0; i < WAKE_PROJECTS; i++) {
		projects.push(await provision(rt, i, 'wake'));
		log(`wake: project ${i + 1}/${WAKE_PROJECTS} created`);
	}
	const untilSleeping = async (id: string) => {
		const deadline = Date.now() + 60_000;
		while (Date.now() < deadline) {
			const status = await apiStatus(rt, id);
			if (status.state === 'sleeping') return status;
			await sleep(100);
		}
		throw new Error(`${id} did not go to sleep within 60 s`);
	};
	const asleep = [];
	for (const project of projects) asleep.push(await untilSleeping(project.projectId));
	const disk = asleep.map((status) => status.diskBytes ?? 0);

	const samples: number[] = [];
	const failures: string[] = [];
	for (let i = 0; i < WAKE_SAMPLES; i++) {
		const project = projects[i % projects.length]!;
		await untilSleeping(project.projectId);
		const wakeStarted = now();
		let attempts = 0;
		for (;;) {
			attempts++;
			const response = await hostRequest(rt.routerUrl, project.host, '/server/ping', { headers: { accept: 'application/json' }, timeoutMs: 60_000 });
			if (response.status === 200) break;
			failures.push(`${project.projectId}: ${response.status} ${response.body.slice(0, 200)}`);
			if (attempts >= 20) throw new Error(`${project.projectId} did not answer after waking: ${response.status} ${response.body}`);
			await sleep(100);
		}
		samples.push(elapsed(wakeStarted));
		log(`wake ${i + 1}/${WAKE_SAMPLES}: ${round(samples[samples.length - 1]!)} ms${attempts > 1 ? ` (${attempts} attempts)` : ''}`);
	}
	return {
		startMs,
		wake: {
			idle_timeout_s: IDLE_TIMEOUT_SECONDS,
			projects: WAKE_PROJECTS,
			request: 'GET /server/ping, Accept: application/json, through the router',
			latency_ms: summary(samples),
			samples_ms: samples.map(round),
			non_200_before_success: failures,
		},
		disk: {
			sleeping_projects_measured: disk.length,
			disk_per_sleeping_project_mib: { mean: mib(mean(disk)), min: mib(Math.min(...disk)), max: mib(Math.max(...disk)) },
			note:
				db === 'pg'
					? 'diskBytes: instance folder (uploads, logs) plus pg_database_size of its database; freshly provisioned, admin logged in once.'
					: 'diskBytes: instance folder (SQLite file, uploads, logs); freshly provisioned, admin logged in once.',
		},
	};
}

// ---- the benchmark ----

const started = now();
const loadBefore = os.loadavg();
foreign.sample();
try {
	// 1. Warm pool provisioning, then memory and router-vs-direct on the same runtime.
	const warm = await withRuntime('warm pool', { warmPoolSize: 1 }, measureWarmPool);

	// 2. Cold provisioning: no pool; each project deleted after it is measured.
	foreign.phase = 'cold_provision';
	const cold = await withRuntime('cold', { warmPoolSize: 0 }, measureCold);

	// 3. Sleep and wake, and the disk a sleeping project takes.
	foreign.phase = 'wake';
	const wake = await withRuntime('wake', { warmPoolSize: 0, idleTimeoutSeconds: IDLE_TIMEOUT_SECONDS }, measureWake);

	const warmP50 = warm.result.provisioning.ensure_to_login_ms.p50;
	const coldP95 = cold.result.provisioning.ensure_to_login_ms.p95;
	const wakeP95 = wake.result.wake.latency_ms.p95;
	const worstRatio = Math.min(...warm.result.router.ratios);
	const targets = {
		warm_pool_provision_p50_ms: { target: `<= ${TARGETS.warm_pool_provision_p50_ms}`, value: warmP50, pass: warmP50 <= TARGETS.warm_pool_provision_p50_ms },
		cold_provision_p95_ms: { target: `<= ${TARGETS.cold_provision_p95_ms}`, value: coldP95, pass: coldP95 <= TARGETS.cold_provision_p95_ms },
		wake_p95_ms: { target: `<= ${TARGETS.wake_p95_ms}`, value: wakeP95, pass: wakeP95 <= TARGETS.wake_p95_ms },
		router_to_direct_throughput_ratio: {
			target: `>= ${TARGETS.router_to_direct_throughput_ratio} (worst of the two endpoints, successes/s)`,
			value: worstRatio,
			per_endpoint: warm.result.router.ratios,
			pass: worstRatio >= TARGETS.router_to_direct_throughput_ratio,
		},
	};

	console.log(
		JSON.stringify(
			{
				benchmark: 'data-plane',
				database: db === 'pg' ? 'postgres' : 'sqlite',
				machine: {
					cpus: os.cpus().length,
					cpu_model: os.cpus()[0]?.model ?? null,
					memory_gib: round(os.totalmem() / 1024 ** 3),
					node: process.version,
					load_average_1m_before: round(loadBefore[0]!),
					load_average_1m_after: round(os.loadavg()[0]!),
					other_directus_or_test_processes: {
						note: 'Sampled every second per phase: Directus, runtime, vitest or benchmark processes that belong to no runtime of this benchmark. Non-zero means that phase ran on a shared, busier machine.',
						by_phase: foreign.byPhase,
						commands: [...foreign.commands].slice(0, 10),
					},
				},
				projects: PROJECTS,
				targets,
				all_targets_pass: Object.values(targets).every((target) => target.pass),
				runtime_start_ms: {
					note: 'Fresh data folder each time, so this includes bootstrapping the instance template.',
					warm: round(warm.result.startMs),
					cold: round(cold.result.startMs),
					wake: round(wake.result.startMs),
					warm_first_pool_member_ready_ms: round(warm.result.firstPoolMemberMs),
				},
				provision_warm_pool: {
					method: `WARM_POOL_SIZE=1. Before each project the pool is waited for (untimed); timed: ensureInstance until a successful admin login through the router. The ${KEEP_RUNNING} newest projects stay running, older ones are deleted (untimed).`,
					...warm.result.provisioning,
				},
				provision_cold: {
					method:
						'WARM_POOL_SIZE=0. Timed: ensureInstance (clone + Directus boot) until a successful admin login through the router; each project is deleted afterwards (untimed), so one instance runs at a time.',
					...cold.result.provisioning,
				},
				wake: wake.result.wake,
				memory: warm.result.memory,
				disk: wake.result.disk,
				router_vs_direct: warm.result.router.result,
				notes: [
					'Warm-pool projects are provisioned back to back: once the pool is full again, the previous project is relaunched with its site URL (a Directus boot beside the old process), which overlaps the next measurement on this 2-core machine. The router comparison waits until its project has been relaunched.',
					"Directus stalls every password login to LOGIN_STALL_TIME (500 ms by default, against timing attacks), so login_only_ms can't go below ~500 ms: a warm-pool provisioning is the runtime's ensure (argon2 hash and admin row rewrite) plus that.",
					`${os.cpus().length} cores: autocannon (in this process), the router (runtime process) and the Directus instance share them, so throughput figures are lower bounds and the router's share of CPU comes out of the instance's.`,
					"Instances run with Directus's pressure limiter on (its default; the runtime does not change it), so a saturated instance may answer 503: successes are counted apart and the ratio uses successes/s.",
					"requests_per_s is autocannon's mean of its per-second samples (as in the control-plane benchmark); ok_per_s is every 2xx of the run over its duration, so it can come out slightly higher.",
					'cpu_s per load run comes from /proc (instance and runtime processes), process.cpuUsage() (autocannon runs in this process) and /proc/stat for the whole machine; everything_else is what other processes used meanwhile, which should be near zero on a quiet machine.',
					'Percentiles are nearest-rank over the samples: with 10 samples p95 is the maximum.',
					'Instances log at warn level; runtime and instance log lines that look like trouble are listed under runtime_logs.',
				],
				runtime_logs: { warm: warm.trouble, cold: cold.trouble, wake: wake.trouble },
				total_run_s: round(elapsed(started) / 1000),
			},
			null,
			2,
		),
	);
} finally {
	await runtimes.destroyAll();
}
