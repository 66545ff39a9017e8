/**
 * CPU time read from /proc (Linux): per process, for this process and for the whole machine, so
 * a load run can say who spent the CPU (the instance, the router, the load generator) and how
 * much went to anything else on a shared machine, and a process found by its working folder (a
 * Directus the benchmark did not spawn itself). Resident memory comes from the runtime's own
 * process table.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat; clock ticks are 1/100 s. */
export function cpuSecondsOf(pid: number | null | undefined): number {
	if (!pid) return 0;
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) / 100;
	} catch {
		return 0;
	}
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
export function machineBusySeconds(): number {
	const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
	return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100;
}

/** CPU seconds this process has used (user + system); autocannon runs in it. */
export function ownCpuSeconds(): number {
	const usage = process.cpuUsage();
	return (usage.user + usage.system) / 1e6;
}

/** The first process whose working folder is `dir` and whose command line matches `command`, or null. */
export function pidRunningIn(dir: string, command: RegExp): number | null {
	for (const entry of readdirSync('/proc')) {
		const pid = Number(entry);
		if (!Number.isInteger(pid)) continue;
		try {
			if (readlinkSync(`/proc/${pid}/cwd`) !== dir) continue;
			if (command.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))) return pid;
		} catch {
			// gone, or not ours to read
		}
	}
	return null;
}
