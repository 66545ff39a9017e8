/**
 * A swarm runtime replaced as Swarm replaces the stack's runtime in an update, while a client asks
 * the site something every few milliseconds: the runtime SIGTERMed, every process left in it then
 * killed as its container's end kills them, and a new runtime started.
 */
import { killAndWait, processesOfRuntime } from '../../runtime/src/processes/process-table.ts';
import type { SwarmSites } from '../../tests/support/swarm/swarm-sites.ts';
import type { ProvisionedProject } from './projects.ts';
import { askContinuously, untilAnswering } from './site-answers.ts';
import { elapsed, now, sleep } from './time.ts';

/** A request may wait for the site's task while a new runtime starts it. */
export const REPLACEMENT_REQUEST_TIMEOUT_MS = 120_000;

/**
 * Replaces the runtime while `ask` is asked every `everyMs` (from half a second before the SIGTERM
 * until half a second after the site answered through the new runtime's router). Returns the time
 * from the SIGTERM until that answer, and what the asking saw (askContinuously).
 */
export async function replaceRuntimeWhileAsking(swarm: SwarmSites, project: ProvisionedProject, ask: () => Promise<number | null>, everyMs: number) {
	const stopAsking = askContinuously(ask, everyMs);
	await sleep(500);
	const started = now();
	await swarm.runtime.stop();
	for (const owned of processesOfRuntime(swarm.runtime.dataDir)) await killAndWait(owned.pid, 'SIGKILL');
	await swarm.runtime.start();
	await untilAnswering(swarm.runtime.routerUrl, project.host, project.token, { deadlineMs: 180_000, requestTimeoutMs: REPLACEMENT_REQUEST_TIMEOUT_MS });
	const toAnswerMs = elapsed(started);
	await sleep(500);
	return { toAnswerMs, ...(await stopAsking()) };
}
