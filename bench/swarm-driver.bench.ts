/**
 * The swarm runtime driver beside the single-host Docker driver, in one run on this machine, both
 * with PostgreSQL sites and no warm pool. The swarm is the host's engine as manager and a second
 * engine in a network namespace as worker (tests/support/swarm/). Prints one JSON object on stdout
 * (progress on stderr):
 *  - provision (cold): `ensureInstance` to a successful admin login through the router;
 *  - wake: a sleeping (stopped) site's `GET /server/ping` through the router until it answers 200;
 *  - recovery after a node loss: a site on the worker, the worker's engine and containers killed as
 *    a machine dies; time from the kill until the site answers 200 through the router again. Each
 *    trial first drains the manager so the site moves to the worker, which is timed too (a planned
 *    move). p50 and p95 over BENCH_NODE_LOSS_TRIALS trials.
 *  - wake from the paused tier in containers: a site frozen by `docker pause` when it went idle
 *    (on swarm, through the agent of the worker it was placed on), `GET /server/ping` through the
 *    router until it answers 200, over BENCH_PAUSED_WAKE_SAMPLES wakes, for both drivers.
 * Run: `npm run bench:swarm-driver` (BENCH_PROVISION_SAMPLES=3, BENCH_WAKE_SAMPLES=3,
 * BENCH_PAUSED_WAKE_SAMPLES=10, BENCH_NODE_LOSS_TRIALS=5). Needs Docker, iproute2 and iptables, as `npm test` sets them up.
 */
import os from 'node:os';
import { dockerDriverEnv } from '../tests/support/docker.ts';
import { startSwarmSites, type SwarmSites } from '../tests/support/swarm/swarm-sites.ts';
import { killSwarmNode, managerHostname, runningNodeOf, setNodeAvailability } from '../tests/support/swarm/test-swarm.ts';
import { TestRuntime } from '../tests/support/test-runtime.ts';
import { siteServiceName } from '../tests/support/swarm/site-records.ts';
import { BenchRuntimes } from './lib/bench-runtimes.ts';
import { pingSite } from './lib/keep-awake.ts';
import { machineReport } from './lib/machine.ts';
import { provision, provisionReport, type ProvisionedProject } from './lib/projects.ts';
import { untilSleeping } from './lib/runtime-api.ts';
import { round, summary } from './lib/statistics.ts';
import { untilAnswering } from './lib/site-answers.ts';
import { elapsed, now, sleep } from './lib/time.ts';

/** Each request may wait for the site's task; a site that moves answers within two minutes. */
const ANSWER_WAIT = { deadlineMs: 120_000, requestTimeoutMs: 60_000 };

const PROVISION_SAMPLES = Math.max(1, Number(process.env['BENCH_PROVISION_SAMPLES'] ?? 3));
const WAKE_SAMPLES = Math.max(1, Number(process.env['BENCH_WAKE_SAMPLES'] ?? 3));
const PAUSED_WAKE_SAMPLES = Math.max(1, Number(process.env['BENCH_PAUSED_WAKE_SAMPLES'] ?? 10));
const NODE_LOSS_TRIALS = Math.max(1, Number(process.env['BENCH_NODE_LOSS_TRIALS'] ?? 5));
const WORKER = 'epicbench2';
/** Sites sleep paused, and stay so: every wake is from the paused tier. */
const PAUSED = { pausedMemoryLimitMb: 4096, pausedForSeconds: 3600, checkpoints: false };

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const runtimes = new BenchRuntimes(log);

async function provisionAndWake(name: string, rt: TestRuntime) {
	const provisioned: ProvisionedProject[] = [];
	for (let i = 0; i < PROVISION_SAMPLES; i++) {
		provisioned.push(await provision(rt, i, 'cold'));
		log(`${name}: provision ${i + 1}/${PROVISION_SAMPLES}: ${round(provisioned.at(-1)!.totalMs)} ms`);
	}
	const wakes: number[] = [];
	const project = provisioned[0]!;
	for (let i = 0; i < WAKE_SAMPLES; i++) {
		await untilSleeping(rt, project.projectId);
		const started = now();
		const status = await pingSite(rt, project.host);
		if (status !== 200) throw new Error(`${project.projectId} answered ${status} on waking`);
		wakes.push(elapsed(started));
		log(`${name}: wake ${i + 1}/${WAKE_SAMPLES}: ${round(wakes.at(-1)!)} ms`);
	}
	return { provision_cold: provisionReport(provisioned), wake_from_stopped_ms: summary(wakes) };
}

async function wakesFromPaused(driver: string, rt: TestRuntime, project: ProvisionedProject) {
	const wakes: number[] = [];
	for (let i = 0; i < PAUSED_WAKE_SAMPLES; i++) {
		await untilSleeping(rt, project.projectId, 'paused');
		const started = now();
		const status = await pingSite(rt, project.host);
		if (status !== 200) throw new Error(`${project.projectId} answered ${status} on waking from paused`);
		wakes.push(elapsed(started));
		log(`${driver}: wake from paused ${i + 1}/${PAUSED_WAKE_SAMPLES}: ${round(wakes.at(-1)!)} ms`);
	}
	return { wake_from_paused_ms: summary(wakes), samples_ms: wakes.map(round) };
}

/** A site provisioned while the manager is drained, so it runs on the worker. */
async function provisionOnWorker(rt: TestRuntime): Promise<ProvisionedProject> {
	const manager = await managerHostname();
	await setNodeAvailability(manager, 'drain');
	try {
		const project = await provision(rt, 0, 'frozen');
		const node = await runningNodeOf(await siteServiceName(rt, project.projectId));
		if (node !== WORKER) throw new Error(`${project.projectId} runs on ${node}, not on the worker`);
		return project;
	} finally {
		await setNodeAvailability(manager, 'active');
	}
}

async function nodeLoss(swarm: SwarmSites) {
	const rt = swarm.runtime;
	const project = await provision(rt, 0, 'moving');
	const service = await siteServiceName(rt, project.projectId);
	const manager = await managerHostname();
	const drains: number[] = [];
	const losses: number[] = [];
	for (let trial = 0; trial < NODE_LOSS_TRIALS; trial++) {
		if ((await runningNodeOf(service)) !== WORKER) {
			await setNodeAvailability(manager, 'drain');
			try {
				const started = now();
				while ((await runningNodeOf(service).catch(() => '')) !== WORKER) await sleep(50);
				drains.push(elapsed(started) + (await untilAnswering(rt.routerUrl, project.host, project.token, ANSWER_WAIT)));
			} finally {
				await setNodeAvailability(manager, 'active');
			}
			log(`node loss ${trial + 1}: moved to the worker by a drain in ${round(drains.at(-1)!)} ms`);
		}
		await killSwarmNode(WORKER);
		losses.push(await untilAnswering(rt.routerUrl, project.host, project.token, ANSWER_WAIT));
		log(`node loss ${trial + 1}/${NODE_LOSS_TRIALS}: answering from the manager ${round(losses.at(-1)!)} ms after the kill`);
		await swarm.restartWorker();
	}
	return { node_killed_to_answer_ms: summary(losses), samples_ms: losses.map(round), drain_move_to_answer_ms: drains.length ? summary(drains) : null };
}

const loadBefore = os.loadavg();
const started = now();
let swarm: SwarmSites | null = null;
try {
	const dockerEnv = await dockerDriverEnv();
	const docker = await runtimes.run('docker', new TestRuntime({ db: 'pg', warmPoolSize: 0, idleTimeoutSeconds: 1, env: dockerEnv }), (rt) => provisionAndWake('docker', rt));
	const paused = await runtimes.run('docker-paused', new TestRuntime({ db: 'pg', warmPoolSize: 0, idleTimeoutSeconds: 1, env: dockerEnv, sleepTiers: PAUSED }), async (rt) =>
		wakesFromPaused('docker', rt, await provision(rt, 0, 'frozen')),
	);
	log('swarm: a worker node, PostgreSQL and S3 for its sites…');
	swarm = await startSwarmSites(WORKER, { idleTimeoutSeconds: 1 });
	const swarmFigures = await provisionAndWake('swarm', swarm.runtime);
	await swarm.destroy();
	swarm = await startSwarmSites(WORKER, { idleTimeoutSeconds: 1, sleepTiers: PAUSED });
	const swarmPaused = await wakesFromPaused('swarm', swarm.runtime, await provisionOnWorker(swarm.runtime));
	await swarm.destroy();
	swarm = null;
	swarm = await startSwarmSites(WORKER);
	const recovery = await nodeLoss(swarm);
	console.log(
		JSON.stringify(
			{
				benchmark: 'swarm-driver',
				database: 'postgres',
				machine: machineReport(loadBefore),
				docker: docker.result,
				swarm: { ...swarmFigures, node_loss: recovery },
				ratio_swarm_to_docker_p50: {
					provision: round(swarmFigures.provision_cold.ensure_to_login_ms.p50 / docker.result.provision_cold.ensure_to_login_ms.p50),
					wake: round(swarmFigures.wake_from_stopped_ms.p50 / docker.result.wake_from_stopped_ms.p50),
				},
				wake_from_paused_in_containers: { docker: paused.result, swarm_site_on_worker: swarmPaused },
				total_s: round(elapsed(started) / 1000),
			},
			null,
			2,
		),
	);
} finally {
	await swarm?.destroy();
	await runtimes.destroyAll();
}
