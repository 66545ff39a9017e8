/**
 * The process that is the site itself. A site started through the site launcher is the launcher's
 * only child (the launcher stays outside the site's PID namespace); a restored or a plainly spawned
 * site is the tracked process itself.
 */
import { readFileSync } from 'node:fs';

/** Signals the site's process group (it leads its own: its worker processes, if any, stop with it); false if it is gone. */
export function signalSite(pid: number, signal: NodeJS.Signals): boolean {
	try {
		process.kill(-pid, signal);
		return true;
	} catch {
		return false;
	}
}

export function sitePid(trackedPid: number): number {
	try {
		if (readFileSync(`/proc/${trackedPid}/comm`, 'utf8').trim() !== 'site-launcher') return trackedPid;
		const children = readFileSync(`/proc/${trackedPid}/task/${trackedPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
		return children.length === 1 ? Number(children[0]) : trackedPid;
	} catch {
		return trackedPid;
	}
}

/** Memory of a process from /proc/PID/smaps_rollup, in bytes: resident, and proportional (PSS). */
export function memoryOf(pid: number): { rssBytes: number; pssBytes: number } | null {
	try {
		const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
		const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
		return { rssBytes: field('Rss'), pssBytes: field('Pss') };
	} catch {
		return null;
	}
}
