/**
 * Site memory settings benchmark: what each site's Node memory settings (the runtime's
 * INSTANCE_HEAP_LIMIT_MB and INSTANCE_SEMI_SPACE_MB) cost and save, every variant measured in the
 * same run on its own runtime, Node's defaults among them as the baseline. Per variant:
 *  - cold provisioning of each site (`ensureInstance` to an admin login, no warm pool);
 *  - RSS and PSS of each site idle, after steady load and after a burst;
 *  - steady load: 20 connections of authenticated 25-item reads per site, one site after another;
 *  - a burst: 200 connections on one site, counting refusals, errors and whether the site restarted
 *    (a heap limit set too low crashes Directus there).
 * Prints one JSON object on stdout (progress on stderr).
 * Run: `npm run bench:site-memory` (BENCH_MEMORY_VARIANTS=heap/semi[/nocache],… in MiB, 0 for Node's
 * default, /nocache to run the sites without Node's compile cache;
 * default `0/0,160/0,160/2,160/4`; BENCH_MEMORY_SITES=3, BENCH_LOAD_SECONDS=10, BENCH_BURST_SECONDS=5).
 */
import os from 'node:os';
import { TestRuntime } from '../tests/support/test-runtime.ts';
import { BenchRuntimes } from './lib/bench-runtimes.ts';
import { load } from './lib/load-run.ts';
import { prepareCollection, provision, provisionReport, type ProvisionedProject } from './lib/projects.ts';
import { apiStatus } from './lib/runtime-api.ts';
import { memoryReport, siteMemory } from './lib/site-memory.ts';
import { mean, round } from './lib/statistics.ts';
import { sleep } from './lib/time.ts';

const SITES = Math.max(1, Number(process.env['BENCH_MEMORY_SITES'] ?? 3));
const LOAD_SECONDS = Math.max(1, Number(process.env['BENCH_LOAD_SECONDS'] ?? 10));
const BURST_SECONDS = Math.max(1, Number(process.env['BENCH_BURST_SECONDS'] ?? 5));
const BURST_CONNECTIONS = 200;
const VARIANTS = (process.env['BENCH_MEMORY_VARIANTS'] ?? '0/0,160/0,160/2,160/4').split(',').map((variant) => {
	const [heap, semi, cache] = variant.split('/');
	if (!Number.isInteger(Number(heap)) || !Number.isInteger(Number(semi)) || (cache !== undefined && cache !== 'nocache')) {
		throw new Error(`BENCH_MEMORY_VARIANTS: "${variant}" is not heap/semi in MiB, optionally followed by /nocache`);
	}
	return { heapLimitMb: Number(heap), semiSpaceMb: Number(semi), compileCache: cache !== 'nocache' };
});

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const runtimes = new BenchRuntimes(log);

type Variant = (typeof VARIANTS)[number];
const variantName = (variant: Variant) =>
	`heap ${variant.heapLimitMb || 'default'} / semi-space ${variant.semiSpaceMb || 'default'}${variant.compileCache ? '' : ' / no compile cache'}`;

async function measure(rt: TestRuntime, name: string) {
	const projects: ProvisionedProject[] = [];
	for (let i = 0; i < SITES; i++) {
		projects.push(await provision(rt, i, 'memory'));
		log(`${name}: site ${i + 1}/${SITES} provisioned in ${round(projects.at(-1)!.totalMs)} ms`);
	}
	await sleep(3000);
	const idle = await Promise.all(projects.map((project) => siteMemory(rt, project.projectId)));

	const reads = [];
	for (const project of projects) {
		const path = await prepareCollection(rt, project.host, project.token);
		const headers = { accept: 'application/json', authorization: `Bearer ${project.token}` };
		log(`${name}: ${LOAD_SECONDS} s of reads on ${project.host}`);
		const run = await load({ label: project.projectId, url: rt.routerUrl, host: project.host }, path, headers, LOAD_SECONDS, { instance: null, runtime: null }, 20);
		reads.push({ site: project.projectId, ok_per_s: run.ok_per_s, latency_ms: run.latency_ms, non_2xx: run.non_2xx, errors: run.errors });
	}
	const afterLoad = await Promise.all(projects.map((project) => siteMemory(rt, project.projectId)));

	const target = projects[0]!;
	const before = await apiStatus(rt, target.projectId);
	log(`${name}: burst of ${BURST_CONNECTIONS} connections for ${BURST_SECONDS} s on ${target.host}`);
	const burst = await load(
		{ label: target.projectId, url: rt.routerUrl, host: target.host },
		'/items/bench_articles?limit=25&sort=-id',
		{ accept: 'application/json', authorization: `Bearer ${target.token}` },
		BURST_SECONDS,
		{ instance: null, runtime: null },
		BURST_CONNECTIONS,
	);
	const after = await apiStatus(rt, target.projectId);
	const restarted = after.pid !== before.pid;
	const afterBurst = restarted ? null : await siteMemory(rt, target.projectId);

	return {
		provision_cold: provisionReport(projects),
		memory: { idle: memoryReport(idle), after_load: memoryReport(afterLoad), after_burst: afterBurst },
		reads: {
			ok_per_s_mean: round(mean(reads.map((run) => run.ok_per_s))),
			non_2xx: reads.reduce((sum, run) => sum + run.non_2xx, 0),
			errors: reads.reduce((sum, run) => sum + run.errors, 0),
			per_site: reads,
		},
		burst: { connections: BURST_CONNECTIONS, ok_per_s: burst.ok_per_s, non_2xx: burst.non_2xx, errors: burst.errors, timeouts: burst.timeouts, site_restarted: restarted },
	};
}

const loadBefore = os.loadavg();
const results = [];
for (const variant of VARIANTS) {
	const name = variantName(variant);
	const env = { INSTANCE_HEAP_LIMIT_MB: String(variant.heapLimitMb), INSTANCE_SEMI_SPACE_MB: String(variant.semiSpaceMb), INSTANCE_COMPILE_CACHE: String(variant.compileCache) };
	const rt = new TestRuntime({ warmPoolSize: 0, idleTimeoutSeconds: 3600, env });
	const { result, trouble } = await runtimes.run(name, rt, (started) => measure(started, name));
	results.push({ variant: name, settings: env, ...result, runtime_trouble: trouble });
}

console.log(
	JSON.stringify(
		{
			benchmark: 'site-memory',
			machine: {
				cpus: os.cpus().length,
				memory_gib: round(os.totalmem() / 1024 ** 3),
				load_average_1m_before: round(loadBefore[0]!),
				load_average_1m_after: round(os.loadavg()[0]!),
			},
			sites_per_variant: SITES,
			note: 'Every variant on its own runtime in this run, one after another; the first one with Node defaults is the baseline. PSS splits pages shared between sites (the Directus code), so it is the figure that adds up across sites.',
			variants: results,
		},
		null,
		2,
	),
);
