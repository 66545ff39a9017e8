/**
 * A test file's hold on something this machine has only one of, across the vitest workers that
 * run files side by side: the host's swarm (the `swarm` files re-initialise it and run a second
 * engine beside it) and the host's ports 80 and 443 (each production stack's Caddy takes them).
 * The stack and swarm files are spread among the other files (tests/setup/machine-sequencer.ts),
 * so two of one kind seldom start together; the lock keeps them apart when they do.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { afterAll, beforeAll } from 'vitest';

export type MachineResource = 'swarm' | 'stack-ports';

/** The longest a file waits for the other file of its kind: a stack file takes about 3 minutes. */
const WAIT_MS = 20 * 60_000;

/** Waits for the resource, then holds it until it is released (or the process ends). */
export async function acquireMachineLock(resource: MachineResource): Promise<() => Promise<void>> {
	return lockfile.lock(path.join(tmpdir(), `epic-tests-${resource}`), {
		// The path names the lock only; no file is made for it.
		realpath: false,
		retries: { retries: WAIT_MS / 1000, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
		// A holder killed without releasing: its lock is taken over once not refreshed for a minute.
		stale: 60_000,
		update: 10_000,
	});
}

/**
 * Holds the resource for the whole test file: registered before the file's other hooks, so it is
 * taken before they start anything and released after they have stopped it all.
 */
export function holdForThisFile(resource: MachineResource): void {
	let release: (() => Promise<void>) | undefined;
	beforeAll(async () => {
		release = await acquireMachineLock(resource);
	}, WAIT_MS + 60_000);
	afterAll(async () => {
		await release?.();
	});
}
