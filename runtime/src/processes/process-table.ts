/**
 * What the runtime can learn about processes it did not necessarily start (after its own restart,
 * its instances are no longer its children). Every instance carries two environment variables,
 * so a pid is only trusted when /proc says it still belongs to the same instance of this runtime:
 * a recycled pid never gets adopted or killed by mistake.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sitePid } from './site-process.ts';

export const RUNTIME_DIR_VARIABLE = 'EPIC_RUNTIME_DIR';
/** The instance's folder: unlike its id, it never changes (a pool member keeps it when handed out). */
export const INSTANCE_DIR_VARIABLE = 'EPIC_INSTANCE_DIR';

export interface OwnedProcess {
	pid: number;
	instanceDir: string;
	parentPid: number | null;
}

/** The environment a process was started with, as /proc shows it; null when it is gone. */
export function processEnvironment(pid: number): Map<string, string> | null {
	try {
		const raw = readFileSync(`/proc/${pid}/environ`, 'utf8');
		const entries = raw
			.split('\0')
			.filter(Boolean)
			.map((pair) => {
				const at = pair.indexOf('=');
				return [pair.slice(0, at), pair.slice(at + 1)] as [string, string];
			});
		return new Map(entries);
	} catch {
		return null;
	}
}

/** False once the process no longer exists or is only a zombie waiting to be reaped. */
export function isProcessAlive(pid: number): boolean {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
	} catch {
		return false;
	}
}

export function isInstanceProcess(pid: number, runtimeDir: string, instanceDir: string): boolean {
	const env = processEnvironment(pid);
	if (!env || !isProcessAlive(pid)) return false;
	return env.get(RUNTIME_DIR_VARIABLE) === runtimeDir && env.get(INSTANCE_DIR_VARIABLE) === instanceDir;
}

function parentPidOf(pid: number): number | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
		return Number.isInteger(parent) ? parent : null;
	} catch {
		return null;
	}
}

/** Every live process that an instance of this runtime (by data folder) is running. */
export function processesOfRuntime(runtimeDir: string): OwnedProcess[] {
	const owned: OwnedProcess[] = [];
	for (const entry of readdirSync('/proc')) {
		const pid = Number(entry);
		if (!Number.isInteger(pid) || pid === process.pid) continue;
		const env = processEnvironment(pid);
		if (!env || env.get(RUNTIME_DIR_VARIABLE) !== runtimeDir || !isProcessAlive(pid)) continue;
		owned.push({ pid, instanceDir: env.get(INSTANCE_DIR_VARIABLE) ?? '', parentPid: parentPidOf(pid) });
	}
	return owned;
}

/**
 * The processes of this runtime that an instance record can name: a site started through the site
 * launcher carries the instance's environment too, but it is the launcher's child and belongs to
 * whoever owns the launcher (adopting or killing the launcher covers it, see killAndWait).
 */
export function instanceRootsOfRuntime(runtimeDir: string): OwnedProcess[] {
	const owned = processesOfRuntime(runtimeDir);
	const dirOf = new Map(owned.map((candidate) => [candidate.pid, candidate.instanceDir]));
	return owned.filter((candidate) => candidate.parentPid === null || dirOf.get(candidate.parentPid) !== candidate.instanceDir);
}

/** The live processes whose real uid is `uid` (a site user's, see site-users.ts). */
export function processesOfUser(uid: number): number[] {
	const pids: number[] = [];
	for (const entry of readdirSync('/proc')) {
		const pid = Number(entry);
		if (!Number.isInteger(pid)) continue;
		try {
			const realUid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
			if (realUid === uid && isProcessAlive(pid)) pids.push(pid);
		} catch {
			// Gone while we looked.
		}
	}
	return pids;
}

/** Resident memory of a process in bytes, or null once it is gone. */
export function residentBytes(pid: number | null | undefined): number | null {
	if (!pid) return null;
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
		return match ? Number(match[1]) * 1024 : null;
	} catch {
		return null;
	}
}

/** Signals the process's whole group (instances lead their own), falling back to the process. */
function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
	for (const target of [-pid, pid]) {
		try {
			process.kill(target, signal);
			return true;
		} catch {
			// no such group: try the process itself
		}
	}
	return false;
}

/**
 * Sends `signal` and waits until the process is gone; escalates to SIGKILL after `graceMs`.
 * A site started through the site launcher leads its own session, out of the launcher's group:
 * the launcher passes SIGTERM on, but a SIGKILL must reach the site itself (first, so that the
 * launcher, which exits as its site does, is not killed while the site keeps running).
 */
export async function killAndWait(pid: number, signal: NodeJS.Signals = 'SIGKILL', graceMs = 5000): Promise<void> {
	const site = sitePid(pid);
	const targets = site === pid ? [pid] : [site, pid];
	const signalled = signal === 'SIGKILL' ? targets.map((target) => signalGroup(target, signal)).some(Boolean) : signalGroup(pid, signal);
	if (!signalled) return;
	// A paused site (sleep tiers: SIGSTOP) holds the SIGTERM until it runs again: it is continued, so
	// that it ends gracefully instead of after the grace period.
	if (signal !== 'SIGKILL') for (const target of targets) signalGroup(target, 'SIGCONT');
	const deadline = Date.now() + graceMs;
	while (targets.some(isProcessAlive)) {
		if (Date.now() > deadline) {
			if (signal === 'SIGKILL') return;
			return killAndWait(pid, 'SIGKILL', graceMs);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
