/**
 * A site's Swarm service, made and removed through the docker CLI (which reads each `--env NAME`'s
 * value from the holder's environment). Removal first scales the service to nothing and waits
 * until Swarm reports no task of it running, so a site that wakes again right after never has two
 * tasks serving at once.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { engineGet, type EngineGet } from './docker-engine-api.ts';
import { SPEC_LABEL } from './service-spec-label.ts';
import { inspectService, readyNode, serviceExists } from './swarm-task-locator.ts';

const run = promisify(execFile);

/** States of a task that may still have a container serving. */
const LIVE_TASK_STATES = new Set(['new', 'pending', 'assigned', 'accepted', 'preparing', 'ready', 'starting', 'running']);

/**
 * How long removal waits for the tasks to stop before removing the service anyway: within the
 * supervisor's grace for a stopping process (5 s), and past a task's own stop grace (3 s,
 * swarm-service-arguments.ts), after which Swarm has killed it.
 */
const STOP_WAIT_MS = 4000;

async function docker(args: string[]): Promise<void> {
	try {
		await run('docker', args, { env: process.env, maxBuffer: 4 * 1024 * 1024 });
	} catch (error) {
		const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
		throw new Error(`docker ${args.slice(0, 2).join(' ')} failed: ${stderr || (error as Error).message}`);
	}
}

export function createService(createArguments: string[]): Promise<void> {
	return docker(createArguments);
}

interface TaskState {
	NodeID?: string;
	Status: { State: string };
}

/** Whether any task of the service may still be serving, on a node Swarm can still reach. */
async function hasLiveTasks(service: string, get: EngineGet): Promise<boolean> {
	const filters = encodeURIComponent(JSON.stringify({ service: [service] }));
	const tasks = await get<TaskState[]>(`/tasks?filters=${filters}`);
	for (const task of tasks) {
		if (!LIVE_TASK_STATES.has(task.Status.State)) continue;
		if (!task.NodeID) return true;
		// A task on a node that is down cannot be asked to stop; Swarm shuts it down when the node returns.
		if (await readyNode(task.NodeID, get)) return true;
	}
	return false;
}

/** Scales the service to nothing, waits until its tasks have stopped, then removes it. Absent: nothing to do. */
export async function removeService(service: string, get: EngineGet = engineGet): Promise<void> {
	if (!(await serviceExists(service, get))) return;
	await docker(['service', 'scale', '--detach', `${service}=0`]);
	const deadline = Date.now() + STOP_WAIT_MS;
	while (Date.now() < deadline && (await hasLiveTasks(service, get))) await new Promise((resolve) => setTimeout(resolve, 200));
	await docker(['service', 'rm', service]).catch((error: Error) => {
		if (!/not found/i.test(error.message)) throw error;
	});
}

interface ServiceSpec {
	Spec: { Labels?: Record<string, string>; Mode?: { Replicated?: { Replicas?: number } } };
}

/**
 * The spec label (service-spec-label.ts) of the site's service while it is meant to serve (one
 * replica); null when there is no such service, or it is being removed (scaled to nothing by a
 * holder stopped before it could remove it).
 */
export async function specOfServingService(service: string, get: EngineGet = engineGet): Promise<string | null> {
	const found = await inspectService<ServiceSpec>(service, get);
	if (found?.Spec.Mode?.Replicated?.Replicas !== 1) return null;
	return found.Spec.Labels?.[SPEC_LABEL] ?? null;
}
