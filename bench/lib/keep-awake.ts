/**
 * Sites on a runtime with a short idle timeout, kept awake while a benchmark measures them: a
 * `GET /server/ping` through the router per site, each in a loop of its own, so one site that takes
 * seconds to wake never lets another fall asleep meanwhile.
 */
import { hostRequest } from '../../tests/support/host-request.ts';
import type { TestRuntime } from '../../tests/support/test-runtime.ts';
import type { ProvisionedProject } from './projects.ts';
import { sleep } from './time.ts';

export const KEEP_AWAKE_EVERY_MS = 300;

export async function pingSite(rt: TestRuntime, host: string): Promise<number> {
	const response = await hostRequest(rt.routerUrl, host, '/server/ping', { headers: { accept: 'application/json' }, timeoutMs: 60_000 });
	return response.status;
}

/** Pings each site until the returned function is called (which resolves once the loops end). */
export function keepAwake(rt: TestRuntime, projects: ProvisionedProject[]): () => Promise<void> {
	let running = true;
	const loops = projects.map(async (project) => {
		while (running) {
			await pingSite(rt, project.host).catch(() => 0);
			await sleep(KEEP_AWAKE_EVERY_MS);
		}
	});
	return async () => {
		running = false;
		await Promise.all(loops);
	};
}
