/**
 * Projects API benchmark: a control plane wired to a real runtime, as a customer uses it. Prints
 * one JSON object on stdout (progress goes to stderr):
 *  - create to login: `POST /projects`, `GET /projects/:id` polled every 50 ms until published,
 *    the credentials revealed, and a successful Directus Studio login through the router, over
 *    BENCH_PROJECTS projects, from the warm pool (the pool refilled, untimed, before every
 *    creation) and cold (no pool); each series on its own runtime and control plane; and, from the
 *    warm pool, the same for each template (docs/product.md, Templates), beside Blank (the warm
 *    series), p50 and p95 each;
 *  - `GET /projects` and `GET /projects/:id` throughput and latency at 10 and 50 connections,
 *    beside Directus's own authenticated `GET /users/me` with the same token, in the same run.
 * Run: `npm run bench:projects` (BENCH_DB=pg for PostgreSQL, BENCH_PROJECTS=20, BENCH_DURATION=10
 * seconds per load run).
 */
import os from 'node:os';
import { PROJECT_TEMPLATES, type ProjectTemplate } from '@epic/platform-api';
import { bootTestControlPlane, type RunningTestControlPlane } from '../tests/support/test-control-plane.ts';
import { TestRuntime } from '../tests/support/test-runtime.ts';
import { expectStatus, request, signIn, subscribedCustomer, type BenchCustomer } from './lib/control-plane-client.ts';
import { creationReport, createToLogin, POLL_MS, type CreationSample } from './lib/create-to-login.ts';
import { ForeignProcessWatch } from './lib/foreign-processes.ts';
import { load, type LoadRun, type Target } from './lib/load-run.ts';
import { pidRunningIn } from './lib/process-cpu.ts';
import { settled } from './lib/runtime-api.ts';
import { troubleIn } from './lib/runtime-trouble.ts';
import { mean, round, round3 } from './lib/statistics.ts';
import { elapsed, now } from './lib/time.ts';

const db = process.env['BENCH_DB'] === 'pg' ? 'pg' : 'sqlite3';
const PROJECTS = Math.max(1, Number(process.env['BENCH_PROJECTS'] ?? 20));
const DURATION_SECONDS = Number(process.env['BENCH_DURATION'] ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTION_LEVELS = [10, 50] as const;
/** The production default; every creation waits (untimed) until the pool has refilled. */
const WARM_POOL_SIZE = 1;
/** Projects the customer keeps for the read load: the Pro plan's limit, a customer's usual list. */
const KEPT_PROJECTS = Math.min(3, PROJECTS);
/** Unlimited projects (migrations/20990101A-seed-subscription-plans.mjs: 999). */
const PLAN = 'business';

const TARGETS = {
	warm_create_to_login_p50_ms: 1500,
	read_to_users_me_throughput_ratio: 0.9,
	read_p99_ms_at_10_connections: 50,
};

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

// Directus's pressure limiter (on in production) sheds load with 503s once event-loop utilisation
// passes 0.99, which a saturating load generator always causes; off, the figures describe the
// endpoints themselves. The control plane's Directus inherits this process's environment (the
// runtime and its instances do not).
process.env['PRESSURE_LIMITER_ENABLED'] = 'false';

// ---- a runtime with a control plane wired to it ----

interface Platform {
	rt: TestRuntime;
	cp: RunningTestControlPlane;
	/** The control plane's Directus process, for its CPU time. */
	cpPid: number | null;
	customer: BenchCustomer;
}

const running = new Set<{ rt: TestRuntime; cp?: RunningTestControlPlane }>();
const foreign = new ForeignProcessWatch((pid) => [...running].some((entry) => entry.rt.process?.pid === pid));

async function withPlatform<T>(name: string, warmPoolSize: number, work: (platform: Platform) => Promise<T>) {
	const entry: { rt: TestRuntime; cp?: RunningTestControlPlane } = { rt: new TestRuntime({ db, warmPoolSize }) };
	running.add(entry);
	foreign.ownDirs.add(entry.rt.dataDir);
	try {
		log(`${name}: starting a runtime (WARM_POOL_SIZE=${warmPoolSize}) and a control plane…`);
		await entry.rt.start();
		entry.cp = await bootTestControlPlane(db, {
			label: `bench-projects-${name}`,
			env: {
				RUNTIME_URL: entry.rt.apiUrl,
				RUNTIME_SECRET: entry.rt.secret,
				PUBLIC_HOST: 'localhost',
				// The limiter stays on, as in production, but a load generator is one address sending 50 at once.
				RATE_LIMITER_POINTS: '1000000',
				// One bench customer creates and deletes every sample's project within the hour.
				PROJECT_CREATES_PER_HOUR: '100000',
				PROJECT_DELETES_PER_HOUR: '100000',
				LOG_LEVEL: 'warn',
			},
		});
		foreign.ownDirs.add(entry.cp.dataDir);
		const cpPid = pidRunningIn(entry.cp.dataDir, /cli\/run\.js/);
		const adminToken = await signIn(entry.cp.url, entry.cp.adminEmail, entry.cp.adminPassword);
		const customer = await subscribedCustomer(entry.cp.url, adminToken, PLAN);
		const result = await work({ rt: entry.rt, cp: entry.cp, cpPid, customer });
		return { result, trouble: troubleIn(entry.rt) };
	} catch (error) {
		log(`${name} failed; runtime output:\n${entry.rt.output().slice(-4000)}`);
		throw error;
	} finally {
		await stop(entry);
	}
}

async function stop(entry: { rt: TestRuntime; cp?: RunningTestControlPlane }) {
	running.delete(entry);
	await entry.cp?.stop();
	await entry.rt.destroy();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		log(`${signal}: stopping every runtime and control plane…`);
		void Promise.allSettled([...running].map(stop)).finally(() => process.exit(130));
	});
}

async function deleteProject(platform: Platform, token: string, projectId: string) {
	expectStatus(await request(platform.cp.url, 'DELETE', `/projects/${projectId}`, { token }), 204, `DELETE /projects/${projectId}`);
}

// ---- create to login ----

/**
 * From the warm pool: before each creation the pool is full and the previous project has been
 * relaunched with its site URL (both untimed), so no boot overlaps a measurement. The last
 * KEPT_PROJECTS projects stay for the read load; the others are deleted.
 */
async function warmSeries(platform: Platform) {
	const token = await signIn(platform.cp.url, platform.customer.email, platform.customer.password);
	const samples: CreationSample[] = [];
	const kept: string[] = [];
	await platform.rt.waitForPool(WARM_POOL_SIZE, 180_000);
	for (let i = 0; i < PROJECTS; i++) {
		const sample = await createToLogin(platform.cp.url, platform.rt.routerUrl, token, `bench-warm-${i}`);
		samples.push(sample);
		log(`warm ${i + 1}/${PROJECTS}: ${round(sample.totalMs)} ms (published seen ${round(sample.publishedMs)}, login ${round(sample.loginMs)}; ${sample.databaseDetail})`);
		await platform.rt.waitForPool(WARM_POOL_SIZE, 180_000);
		await settled(platform.rt, sample.projectId);
		if (i < PROJECTS - KEPT_PROJECTS) await deleteProject(platform, token, sample.projectId);
		else kept.push(sample.projectId);
	}
	return { report: creationReport(samples), kept };
}

/**
 * One template's series, from the warm pool as the Blank one: the pool full again and the previous
 * site settled before each creation (untimed); each project deleted once measured.
 */
async function templateSeries(platform: Platform, template: ProjectTemplate) {
	const token = await signIn(platform.cp.url, platform.customer.email, platform.customer.password);
	const samples: CreationSample[] = [];
	await platform.rt.waitForPool(WARM_POOL_SIZE, 180_000);
	for (let i = 0; i < PROJECTS; i++) {
		const sample = await createToLogin(platform.cp.url, platform.rt.routerUrl, token, `bench-${template}-${i}`, template);
		samples.push(sample);
		log(`${template} ${i + 1}/${PROJECTS}: ${round(sample.totalMs)} ms (published seen ${round(sample.publishedMs)}, login ${round(sample.loginMs)}; ${sample.databaseDetail})`);
		await platform.rt.waitForPool(WARM_POOL_SIZE, 180_000);
		await settled(platform.rt, sample.projectId);
		await deleteProject(platform, token, sample.projectId);
	}
	return creationReport(samples);
}

/** Every template's series (Blank's is the warm series). */
async function everyTemplateSeries(platform: Platform) {
	const reports: Partial<Record<ProjectTemplate, ReturnType<typeof creationReport>>> = {};
	for (const template of PROJECT_TEMPLATES.filter((name) => name !== 'blank')) reports[template] = await templateSeries(platform, template);
	return reports;
}

/** Cold: no pool; each project is deleted after it is measured, so one instance runs at a time. */
async function coldSeries(platform: Platform) {
	const token = await signIn(platform.cp.url, platform.customer.email, platform.customer.password);
	const samples: CreationSample[] = [];
	for (let i = 0; i < PROJECTS; i++) {
		const sample = await createToLogin(platform.cp.url, platform.rt.routerUrl, token, `bench-cold-${i}`);
		samples.push(sample);
		log(`cold ${i + 1}/${PROJECTS}: ${round(sample.totalMs)} ms (published seen ${round(sample.publishedMs)}, login ${round(sample.loginMs)}; ${sample.databaseDetail})`);
		await deleteProject(platform, token, sample.projectId);
	}
	return creationReport(samples);
}

/** What the by-template table shows of a series: the whole chain and the database step, p50 and p95. */
function pickedFigures(report: ReturnType<typeof creationReport>) {
	const { create_to_login_ms: total, parts_ms: parts } = report;
	return {
		samples: total.samples,
		create_to_login_p50_ms: total.p50,
		create_to_login_p95_ms: total.p95,
		database_step_p50_ms: parts.runtime_ensure_database_step.p50,
		database_step_p95_ms: parts.runtime_ensure_database_step.p95,
		from_warm_pool: report.from_warm_pool,
	};
}

// ---- reads against /users/me ----

/**
 * Per connection level: a warm-up of each endpoint, then runs in the order users/me, list, get,
 * get, list, users/me (drift on the shared machine falls on all alike); each figure is the mean of
 * an endpoint's two runs.
 */
async function readLoad(platform: Platform, kept: string[]) {
	const token = await signIn(platform.cp.url, platform.customer.email, platform.customer.password);
	const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
	const endpoints = { users_me: '/users/me', list: '/projects', get: `/projects/${kept[0]}` } as const;
	const sizes: Record<string, number> = {};
	for (const [name, path] of Object.entries(endpoints)) {
		const answer = expectStatus(await request(platform.cp.url, 'GET', path, { token }), 200, `GET ${path}`);
		sizes[name] = JSON.stringify(answer.body).length;
		if (name === 'list' && answer.body.data.length !== kept.length) throw new Error(`GET /projects listed ${answer.body.data.length} projects, not ${kept.length}`);
	}
	const pids = { instance: platform.cpPid, runtime: null };
	const target = (label: string): Target => ({ label, url: platform.cp.url, host: null });
	const levels: Record<string, unknown> = {};
	const ratios: Record<string, { list: number; get: number }> = {};
	const p99At10: Record<string, number> = {};
	for (const connections of CONNECTION_LEVELS) {
		log(`reads at ${connections} connections: warm-up, then users_me, list, get, get, list, users_me (${DURATION_SECONDS} s each)`);
		for (const [name, path] of Object.entries(endpoints)) await load(target(name), path, headers, WARMUP_SECONDS, pids, connections);
		const runs: LoadRun[] = [];
		for (const name of ['users_me', 'list', 'get', 'get', 'list', 'users_me'] as const) {
			runs.push(await load(target(name), endpoints[name], headers, DURATION_SECONDS, pids, connections));
		}
		const side = (name: keyof typeof endpoints) => {
			const of = runs.filter((run) => run.target === name);
			return {
				path: endpoints[name],
				response_bytes: sizes[name],
				requests_per_s: round(mean(of.map((run) => run.requests_per_s))),
				ok_per_s: round(mean(of.map((run) => run.ok_per_s))),
				latency_p50_ms: round(mean(of.map((run) => run.latency_ms.p50))),
				latency_p99_ms: round(mean(of.map((run) => run.latency_ms.p99))),
				non_2xx: of.reduce((sum, run) => sum + run.non_2xx, 0),
				errors: of.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
				control_plane_cpu_ms_per_ok_request: round3(mean(of.map((run) => run.cpu_ms_per_ok_request.instance ?? 0))),
				other_processes_cpu_s: round(mean(of.map((run) => run.cpu_s.everything_else))),
			};
		};
		const usersMe = side('users_me');
		const list = side('list');
		const get = side('get');
		const ratio = (ours: { ok_per_s: number }) => (usersMe.ok_per_s > 0 ? round3(ours.ok_per_s / usersMe.ok_per_s) : 0);
		ratios[connections] = { list: ratio(list), get: ratio(get) };
		if (connections === 10) Object.assign(p99At10, { list: list.latency_p99_ms, get: get.latency_p99_ms });
		log(
			`  ${connections} connections: users/me ${usersMe.ok_per_s}/s, list ${list.ok_per_s}/s (${ratios[connections]!.list}), get ${get.ok_per_s}/s (${ratios[connections]!.get})`,
		);
		levels[`connections_${connections}`] = {
			users_me: usersMe,
			list,
			get,
			ratio_to_users_me: ratios[connections],
			runs: runs.map((run) => ({ endpoint: run.target, ok_per_s: run.ok_per_s, latency_ms: run.latency_ms, status_codes: run.status_codes, cpu_s: run.cpu_s })),
		};
	}
	return { levels, ratios, p99At10 };
}

// ---- the benchmark ----

const started = now();
const loadBefore = os.loadavg();
foreign.sample();
try {
	foreign.phase = 'warm_create_to_login';
	const warm = await withPlatform('warm', WARM_POOL_SIZE, async (platform) => {
		const series = await warmSeries(platform);
		foreign.phase = 'reads';
		const reads = await readLoad(platform, series.kept);
		foreign.phase = 'template_create_to_login';
		const templates = await everyTemplateSeries(platform);
		return { series: series.report, reads, templates };
	});

	foreign.phase = 'cold_create_to_login';
	const cold = await withPlatform('cold', 0, coldSeries);

	const warmP50 = warm.result.series.create_to_login_ms.p50;
	const worstRatio = Math.min(...Object.values(warm.result.reads.ratios).flatMap((ratio) => [ratio.list, ratio.get]));
	const worstP99 = Math.max(...Object.values(warm.result.reads.p99At10));
	const targets = {
		warm_create_to_login_p50_ms: { target: `<= ${TARGETS.warm_create_to_login_p50_ms}`, value: warmP50, pass: warmP50 <= TARGETS.warm_create_to_login_p50_ms },
		read_to_users_me_throughput_ratio: {
			target: `>= ${TARGETS.read_to_users_me_throughput_ratio} (worst of list and get at 10 and 50 connections, successes/s)`,
			value: worstRatio,
			per_level: warm.result.reads.ratios,
			pass: worstRatio >= TARGETS.read_to_users_me_throughput_ratio,
		},
		read_p99_ms_at_10_connections: {
			target: `<= ${TARGETS.read_p99_ms_at_10_connections} (worst of list and get)`,
			value: worstP99,
			per_endpoint: warm.result.reads.p99At10,
			pass: worstP99 <= TARGETS.read_p99_ms_at_10_connections,
		},
	};

	console.log(
		JSON.stringify(
			{
				benchmark: 'projects',
				database: db === 'pg' ? 'postgres' : 'sqlite',
				machine: {
					cpus: os.cpus().length,
					node: process.version,
					load_average_1m_before: round(loadBefore[0]!),
					load_average_1m_after: round(os.loadavg()[0]!),
					other_directus_or_test_processes: {
						note: "Sampled every second per phase: Directus, runtime, vitest or benchmark processes that are not this benchmark's. Non-zero means that phase ran on a shared, busier machine.",
						by_phase: foreign.byPhase,
						commands: [...foreign.commands].slice(0, 10),
					},
				},
				projects: PROJECTS,
				targets,
				all_targets_pass: Object.values(targets).every((target) => target.pass),
				create_to_login_warm_pool: {
					method: `WARM_POOL_SIZE=${WARM_POOL_SIZE}; before each creation the pool is full again and the previous project relaunched with its site URL (untimed). Timed: POST /projects, GET /projects/:id every ${POLL_MS} ms until published, GET /projects/:id/credentials, POST /auth/login on the project's Directus through the router. from_warm_pool counts the projects whose database step says the pool handed it out.`,
					...warm.result.series,
				},
				create_to_login_by_template: {
					method: `From the warm pool, as create_to_login_warm_pool: the same chain with { template } in POST /projects, so the database step includes the runtime putting the template on the claimed site. blank is the warm series above; each template's projects are deleted once measured.`,
					blank: pickedFigures(warm.result.series),
					...Object.fromEntries(Object.entries(warm.result.templates).map(([template, report]) => [template, pickedFigures(report)])),
				},
				create_to_login_cold: {
					method: 'WARM_POOL_SIZE=0; the same chain; each project deleted after it is measured (untimed), so one instance runs at a time.',
					...cold.result,
				},
				reads_against_users_me: {
					method: `One customer with ${KEPT_PROJECTS} published projects and the same token on all three endpoints. Per connection level a ${WARMUP_SECONDS} s warm-up of each, then ${DURATION_SECONDS} s autocannon runs in the order users_me, list, get, get, list, users_me; each figure is the mean of an endpoint's two runs. Ratio = successes/s over users/me's.`,
					...warm.result.reads.levels,
				},
				notes: [
					"Directus stalls every password login to LOGIN_STALL_TIME (500 ms by default, against timing attacks), so credentials_and_studio_login can't go below ~500 ms.",
					`until_published_seen includes up to one poll interval (${POLL_MS} ms) after the reconciler wrote published.`,
					`${os.cpus().length} cores: autocannon (in this process), the control plane's Directus and the runtime share them, so throughput figures are lower bounds; the ratios compare endpoints measured alike.`,
					'The control plane runs with the pressure limiter off and the per-address rate limit raised (one load generator is one address).',
					"GET /users/me for a customer reads nothing: customers hold no permission on directus_users, so Directus answers its Forbidden fallback, { id } from the token, without a query. It is the floor of an authenticated request, beside which list and get each add one SQL query, Directus's item read and a larger body.",
					'autocannon keeps every connection busy (closed loop), so latency is about connections / throughput: a p99 at 10 connections is as much a throughput figure as a latency one.',
					'Directus 12.4 deep-copies its cached schema for every request (CACHE_SCHEMA_FREEZE_ENABLED off, its default), for /users/me as for ours; control_plane_cpu_ms_per_ok_request includes that copy.',
					'Percentiles are nearest-rank over the samples: with 20 samples p95 is the 19th.',
				],
				runtime_logs: { warm: warm.trouble, cold: cold.trouble },
				total_run_s: round(elapsed(started) / 1000),
			},
			null,
			2,
		),
	);
} finally {
	await Promise.allSettled([...running].map(stop));
}
