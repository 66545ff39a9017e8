/**
 * RUNTIME_DRIVER=swarm: each site is a Docker Swarm service with one task, placed by Swarm on any
 * node (swarm-service-arguments.ts). The supervisor keeps its process model: what it tracks is the
 * site's service holder (site-service-holder.ts), a small process on the runtime's machine that
 * owns the service, forwards the site's local port to its task wherever it runs, and removes the
 * service when it is stopped. The holder carries the instance's EPIC_* variables, so a later
 * runtime adopts it through /proc as it would a Directus process.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { NODE_22 } from '@epic/node-support/directus';
import type { SiteResources } from '@epic/runtime-contract';
import type { SwarmSiteStorage } from '../config.ts';
import type { HostMemory, SiteSpawner } from '../instances/process-supervisor.ts';
import { openInstanceLog, waitUntilAnswering } from '../processes/instance-process.ts';
import { siteLimits } from '../containers/docker-run-arguments.ts';
import { dockerCliEnvironment } from '../containers/docker-cli-env.ts';
import { serviceCreateArguments, serviceName, serviceUpdateLimitsArguments, type SwarmServiceSettings } from './swarm-service-arguments.ts';
import { withSpecLabel } from './service-spec-label.ts';
import { siteS3Credentials } from './s3-gate/site-s3-credentials.ts';
import { siteTaskToken } from './task-gate/site-task-token.ts';
import { instanceIdOfDir, swarmSiteEnv } from './swarm-site-env.ts';
import { runningTask, type NodeAgentClient } from './node-agent/node-agent-client.ts';
import { TaskMemoryReadings } from './node-agent/task-memory-readings.ts';

const run = promisify(execFile);
const HOLDER_SCRIPT = fileURLToPath(new URL('./site-service-holder.ts', import.meta.url));

/** The service a holder owns, by its command line (its second argument). */
function serviceOfHolder(holderPid: number): string | null {
	try {
		const args = readFileSync(`/proc/${holderPid}/cmdline`, 'utf8').split('\0');
		const script = args.indexOf(HOLDER_SCRIPT);
		return script >= 0 ? (args[script + 2] ?? null) : null;
	} catch {
		return null;
	}
}

/** How long a holder has to remove its site's service once told to stop (SiteSpawner.stopGraceMs). */
const SERVICE_REMOVAL_GRACE_MS = 30_000;

/** How old a site's memory reading may be before its node's agent is asked again (status, metrics). */
const TASK_MEMORY_MAX_AGE_MS = 10_000;

/**
 * `agents`: the node agents that freeze and thaw a site's task where it runs (the paused tier) and
 * report its memory; without them, sites sleep stopped and their memory is unknown.
 */
export function swarmSpawner(
	settings: SwarmServiceSettings,
	storage: SwarmSiteStorage,
	runtimeSecret: string,
	agents: NodeAgentClient | null,
	log: (message: string) => void,
): SiteSpawner {
	const serviceOf = (holderPid: number): string => {
		const service = serviceOfHolder(holderPid);
		if (!service) throw new Error(`No site service is held by process ${holderPid}`);
		return service;
	};
	const onNode = agents
		? {
				pause: async (holderPid: number) => agents.pause(await runningTask(serviceOf(holderPid))),
				unpause: async (holderPid: number) => agents.unpause(await runningTask(serviceOf(holderPid))),
				hostMemory: async (holderPid: number): Promise<HostMemory> => {
					const report = await agents.report(await runningTask(serviceOf(holderPid)));
					return { siteMemoryBytes: report.memoryBytes, freeMemoryBytes: report.freeMemoryBytes };
				},
			}
		: {};
	const memory =
		agents &&
		new TaskMemoryReadings({
			read: async (service) => (await agents.report(await runningTask(service))).memoryBytes,
			now: Date.now,
			maxAgeMs: TASK_MEMORY_MAX_AGE_MS,
			log,
		});
	return {
		...onNode,
		oneAtATime: true,
		// The holder removes the service on SIGTERM (site-service.ts: scale to zero, wait up to 4 s
		// for the task, remove): on a loaded machine (a load of 17 on two cores) those engine calls
		// took longer than the default 5 s, and the holder, killed midway, left a stopped site's
		// service behind (tests/swarm/paused-on-swarm.test.ts).
		stopGraceMs: SERVICE_REMOVAL_GRACE_MS,
		// The site's memory is its task's, on its node (the holder's own is not the site's): known
		// through the node agents only.
		memoryBytes: (holderPid: number) => {
			const service = serviceOfHolder(holderPid);
			return memory && service ? memory.current(service) : null;
		},
		spawn(dir: string, env: Record<string, string>, resources: SiteResources | undefined): ChildProcess {
			const instanceId = instanceIdOfDir(dir);
			const siteEnv = swarmSiteEnv(env, storage, dir, siteS3Credentials(runtimeSecret, instanceId), siteTaskToken(runtimeSecret, instanceId));
			const output = openInstanceLog(dir);
			try {
				// Labelled with what it is made from, so a later runtime's holder can take it over (service-spec-label.ts).
				const createArguments = withSpecLabel(serviceCreateArguments(settings, dir, siteEnv, resources), siteEnv);
				return spawn(NODE_22, [HOLDER_SCRIPT, env['PORT']!, serviceName(dir), ...createArguments], {
					cwd: dir,
					env: { ...siteEnv, ...dockerCliEnvironment() },
					detached: true,
					stdio: ['ignore', output, output],
				});
			} finally {
				closeSync(output);
			}
		},
		// The holder's port answers once the task does, wherever it runs.
		waitUntilAnswering,
		async updateResources(holderPid: number, resources: SiteResources): Promise<void> {
			await run('docker', serviceUpdateLimitsArguments(siteLimits(settings, resources), serviceOf(holderPid)), { env: dockerCliEnvironment() });
		},
	};
}
