/**
 * What the runtime can learn about processes it did not necessarily start (after its own restart,
 * its instances are no longer its children). Every instance carries two environment variables,
 * so a pid is only trusted when /proc says it still belongs to the same instance of this runtime:
 * a recycled pid never gets adopted or killed by mistake.
 */
import { readdirSync, readFileSync } from 'node:fs';

export const RUNTIME_DIR_VARIABLE = 'EPIC_RUNTIME_DIR';
/** The instance's folder: unlike its id, it never changes (a pool member keeps it when handed out). */
export const INSTANCE_DIR_VARIABLE = 'EPIC_INSTANCE_DIR';

export interface OwnedProcess {
	pid: number;
	instanceDir: string;
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

/** Every live process that an instance of this runtime (by data folder) is running. */
export function processesOfRuntime(runtimeDir: string): OwnedProcess[] {
	const owned: OwnedProcess[] = [];
	for (const entry of readdirSync('/proc')) {
		const pid = Number(entry);
		if (!Number.isInteger(pid) || pid === process.pid) continue;
		const env = processEnvironment(pid);
		if (!env || env.get(RUNTIME_DIR_VARIABLE) !== runtimeDir || !isProcessAlive(pid)) continue;
		owned.push({ pid, instanceDir: env.get(INSTANCE_DIR_VARIABLE) ?? '' });
	}
	return owned;
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
 */
export async function killAndWait(pid: number, signal: NodeJS.Signals = 'SIGKILL', graceMs = 5000): Promise<void> {
	if (!signalGroup(pid, signal)) return;
	const deadline = Date.now() + graceMs;
	while (isProcessAlive(pid)) {
		if (Date.now() > deadline) {
			if (signal === 'SIGKILL') return;
			return killAndWait(pid, 'SIGKILL', graceMs);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
