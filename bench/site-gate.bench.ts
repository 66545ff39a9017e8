/**
 * A site's file while its runtime is replaced, in one run on the test swarm (the host's engine as
 * manager, a worker in a network namespace), one awake site with a file in the bucket, read through
 * a node router (as docker-stack.yml runs one) every 50 ms while the runtime is handed over
 * (SIGTERM while its own service exists, its processes then killed as its container's end kills
 * them, a new runtime started):
 *  - with the site gate (runtime/site-gate.ts) beside the runtime's, sharing its port;
 *  - without it (the baseline: the runtime's gate alone, as before), the task's reads of the
 *    bucket going nowhere until the new runtime's gate listens.
 * For each trial: the failed reads of the file, the longest time between two answers and the
 * slowest read. The trials alternate between the two ways.
 * Prints one JSON object on stdout (progress on stderr).
 * Run: `node bench/site-gate.bench.ts` (BENCH_SITE_GATE_TRIALS=3). Needs Docker, iproute2 and
 * iptables, as `npm test` sets them up.
 */
import os from 'node:os';
import { TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';
import { postSiteFile } from '../tests/support/site-admin.ts';
import { startNodeRouter, type NodeRouterProcess } from '../tests/support/swarm/node-router-process.ts';
import type { PlatformProcess } from '../tests/support/swarm/platform-process.ts';
import { startSiteGate } from '../tests/support/swarm/site-gate-process.ts';
import { startSwarmSites, type SwarmSites } from '../tests/support/swarm/swarm-sites.ts';
import { createStandInService } from '../tests/support/swarm/test-swarm.ts';
import { machineReport } from './lib/machine.ts';
import { provision, type ProvisionedProject } from './lib/projects.ts';
import { REPLACEMENT_REQUEST_TIMEOUT_MS, replaceRuntimeWhileAsking } from './lib/runtime-replacement.ts';
import { assetReadStatus } from './lib/site-answers.ts';
import { round, summary } from './lib/statistics.ts';
import { elapsed, now } from './lib/time.ts';

const TRIALS = Math.max(1, Number(process.env['BENCH_SITE_GATE_TRIALS'] ?? 3));
const WORKER = 'epicbench2';
const RUNTIME_SERVICE = 'epic-bench-runtime';
const ASK_EVERY_MS = 50;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

async function uploadFile(swarm: SwarmSites, project: ProvisionedProject): Promise<string> {
	const answer = await postSiteFile({ routerUrl: swarm.runtime.routerUrl, host: project.host, token: project.token }, 'bench.txt', Buffer.from('a file in the bucket'));
	if (answer.status !== 200) throw new Error(`the upload was answered ${answer.status}: ${answer.body}`);
	return answer.json<{ data: { id: string } }>().data.id;
}

function handOver(swarm: SwarmSites, nodeRouter: NodeRouterProcess, project: ProvisionedProject, fileId: string) {
	const readFile = () => assetReadStatus(nodeRouter.url, project.host, project.token, fileId, REPLACEMENT_REQUEST_TIMEOUT_MS);
	return replaceRuntimeWhileAsking(swarm, project, readFile, ASK_EVERY_MS);
}

const loadBefore = os.loadavg();
const started = now();
let swarm: SwarmSites | null = null;
let nodeRouter: NodeRouterProcess | null = null;
let siteGate: PlatformProcess | null = null;
let standIn: { remove(): Promise<void> } | null = null;
try {
	log('a worker node, PostgreSQL and S3 for the sites, a swarm runtime…');
	swarm = await startSwarmSites(WORKER, { env: { RUNTIME_SWARM_SERVICE: RUNTIME_SERVICE } });
	standIn = await createStandInService(RUNTIME_SERVICE, TEST_SITE_BASE_IMAGE);
	const project = await provision(swarm.runtime, 0, 'gate');
	const fileId = await uploadFile(swarm, project);
	nodeRouter = await startNodeRouter(swarm.runtime);
	const trials = { with_site_gate: [] as Array<Awaited<ReturnType<typeof handOver>>>, runtime_gate_alone: [] as Array<Awaited<ReturnType<typeof handOver>>> };
	for (let trial = 0; trial < TRIALS; trial++) {
		siteGate = await startSiteGate(swarm.runtime);
		trials.with_site_gate.push(await handOver(swarm, nodeRouter, project, fileId));
		log(`trial ${trial + 1}/${TRIALS}, with the site gate: ${JSON.stringify(trials.with_site_gate.at(-1))}`);
		await siteGate.stop();
		siteGate = null;
		trials.runtime_gate_alone.push(await handOver(swarm, nodeRouter, project, fileId));
		log(`trial ${trial + 1}/${TRIALS}, the runtime's gate alone: ${JSON.stringify(trials.runtime_gate_alone.at(-1))}`);
	}
	const report = (samples: Array<Awaited<ReturnType<typeof handOver>>>) => ({
		sigterm_to_answer_through_new_runtime_ms: summary(samples.map((sample) => sample.toAnswerMs)),
		failed_file_reads_through_node_router: samples.map((sample) => sample.failed),
		longest_between_file_answers_ms: summary(samples.map((sample) => sample.longestBetweenAnswersMs)),
		slowest_file_read_ms: summary(samples.map((sample) => sample.slowestMs)),
	});
	console.log(
		JSON.stringify(
			{
				benchmark: 'site-gate',
				database: 'postgres',
				machine: machineReport(loadBefore),
				trials: TRIALS,
				ask_every_ms: ASK_EVERY_MS,
				with_site_gate: report(trials.with_site_gate),
				runtime_gate_alone_baseline: report(trials.runtime_gate_alone),
				total_s: round(elapsed(started) / 1000),
			},
			null,
			2,
		),
	);
} finally {
	await siteGate?.stop();
	await nodeRouter?.stop();
	await standIn?.remove();
	await swarm?.destroy();
}
