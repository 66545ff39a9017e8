/**
 * The paused sleep tier for site containers: `docker pause` freezes a container's processes in its
 * cgroup, memory kept, and `docker unpause` thaws them. A frozen container cannot act on anything,
 * not even on its docker CLI going away (see the entry script), so a runtime that starts thaws
 * whatever paused containers a previous one left: each then ends with its CLI, or is adopted.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dockerCliEnvironment } from './docker-cli-env.ts';
import { RUNTIME_LABEL } from './docker-run-arguments.ts';

const run = promisify(execFile);

export async function pauseContainer(name: string): Promise<void> {
	await run('docker', ['pause', name], { env: dockerCliEnvironment() });
}

export async function unpauseContainer(name: string): Promise<void> {
	await run('docker', ['unpause', name], { env: dockerCliEnvironment() });
}

/** Thaws this runtime's paused containers (by its label); returns how many there were. */
export async function unpauseLeftoverContainers(runtimeDir: string): Promise<number> {
	const { stdout } = await run('docker', ['ps', '--quiet', '--filter', `label=${RUNTIME_LABEL}=${runtimeDir}`, '--filter', 'status=paused'], {
		env: dockerCliEnvironment(),
	});
	const ids = stdout.split('\n').filter(Boolean);
	if (ids.length) await run('docker', ['unpause', ...ids], { env: dockerCliEnvironment() });
	return ids.length;
}
