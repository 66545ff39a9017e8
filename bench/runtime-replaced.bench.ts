/**
 * A swarm runtime replaced, as Swarm replaces the stack's runtime in an update, in one run on the
 * test swarm (the host's engine as manager, a worker in a network namespace), one site awake:
 *  - handed over: SIGTERM while the runtime's own service exists (RUNTIME_SWARM_SERVICE), its
 *    processes then killed as its container's end kills them, and a new runtime started; the new
 *    holder takes the running service over;
 *  - stopped and started (the baseline, what every replacement did before): SIGTERM once the
 *    runtime's service is gone, so it removes its sites, and a new runtime started; the site
 *    boots cold in a new task.
 * For each trial: the time from the SIGTERM until the site answers through the new runtime's
 * router, and, through a node router in front of the runtime's router (as docker-stack.yml runs
 * one), while a client asked every 50 ms: the longest time between two answers (a request held
 * while the site boots counts as a failed one would), the slowest request and the failed
 * requests. The trials alternate between the two ways.
 * Prints one JSON object on stdout (progress on stderr).
 * Run: `node bench/runtime-replaced.bench.ts` (BENCH_REPLACED_TRIALS=3). Needs Docker, iproute2
 * and iptables, as `npm test` sets them up.
 */
import os from 'node:os';
import { TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';
import { startNodeRouter, type NodeRouterProcess } from '../tests/support/swarm/node-router-process.ts';
import { siteServiceName } from '../tests/support/swarm/site-records.ts';
import { startSwarmSites, type SwarmSites } from '../tests/support/swarm/swarm-sites.ts';
import { createStandInService, tasksOfService } from '../tests/support/swarm/test-swarm.ts';
import { machineReport } from './lib/machine.ts';
import { REPLACEMENT_REQUEST_TIMEOUT_MS, replaceRuntimeWhileAsking } from './lib/runtime-replacement.ts';
import { adminReadStatus } from './lib/site-answers.ts';
import { provision, type ProvisionedProject } from './lib/projects.ts';
import { round, summary } from './lib/statistics.ts';
import { elapsed, now } from './lib/time.ts';

const TRIALS = Math.max(1, Number(process.env['BENCH_REPLACED_TRIALS'] ?? 3));
const WORKER = 'epicbench2';
const RUNTIME_SERVICE = 'epic-bench-runtime';
const ASK_EVERY_MS = 50;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

async function replace(swarm: SwarmSites, nodeRouter: NodeRouterProcess, project: ProvisionedProject, handOver: boolean) {
	const service = await siteServiceName(swarm.runtime, project.projectId);
	const tasksBefore = (await tasksOfService(service)).map((task) => task.id).join();
	const ask = () => adminReadStatus(nodeRouter.url, project.host, project.token, REPLACEMENT_REQUEST_TIMEOUT_MS);
	const replaced = await replaceRuntimeWhileAsking(swarm, project, ask, ASK_EVERY_MS);
	const sameTask = (await tasksOfService(service)).map((task) => task.id).join() === tasksBefore;
	if (sameTask !== handOver) throw new Error(`${handOver ? 'handed over' : 'stopped and started'}: the site ${sameTask ? 'kept' : 'changed'} its task`);
	return replaced;
}

const loadBefore = os.loadavg();
const started = now();
let swarm: SwarmSites | null = null;
let nodeRouter: NodeRouterProcess | null = null;
let standIn: { remove(): Promise<void> } | null = null;
try {
	log('a worker node, PostgreSQL and S3 for the sites, a swarm runtime…');
	swarm = await startSwarmSites(WORKER, { env: { RUNTIME_SWARM_SERVICE: RUNTIME_SERVICE } });
	const project = await provision(swarm.runtime, 0, 'replaced');
	nodeRouter = await startNodeRouter(swarm.runtime);
	const trials = { handed_over: [] as Array<Awaited<ReturnType<typeof replace>>>, stopped_and_started: [] as Array<Awaited<ReturnType<typeof replace>>> };
	for (let trial = 0; trial < TRIALS; trial++) {
		standIn = await createStandInService(RUNTIME_SERVICE, TEST_SITE_BASE_IMAGE);
		trials.handed_over.push(await replace(swarm, nodeRouter, project, true));
		log(`trial ${trial + 1}/${TRIALS}, handed over: ${JSON.stringify(trials.handed_over.at(-1))}`);
		await standIn.remove();
		standIn = null;
		trials.stopped_and_started.push(await replace(swarm, nodeRouter, project, false));
		log(`trial ${trial + 1}/${TRIALS}, stopped and started: ${JSON.stringify(trials.stopped_and_started.at(-1))}`);
	}
	const report = (samples: Array<Awaited<ReturnType<typeof replace>>>) => ({
		sigterm_to_answer_through_new_runtime_ms: summary(samples.map((sample) => sample.toAnswerMs)),
		longest_between_answers_through_node_router_ms: summary(samples.map((sample) => sample.longestBetweenAnswersMs)),
		slowest_request_through_node_router_ms: summary(samples.map((sample) => sample.slowestMs)),
		failed_requests_through_node_router: samples.map((sample) => sample.failed),
	});
	console.log(
		JSON.stringify(
			{
				benchmark: 'runtime-replaced',
				database: 'postgres',
				machine: machineReport(loadBefore),
				trials: TRIALS,
				ask_every_ms: ASK_EVERY_MS,
				handed_over: report(trials.handed_over),
				stopped_and_started_baseline: report(trials.stopped_and_started),
				total_s: round(elapsed(started) / 1000),
			},
			null,
			2,
		),
	);
} finally {
	await nodeRouter?.stop();
	await standIn?.remove();
	await swarm?.destroy();
}
