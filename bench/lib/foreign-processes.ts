/**
 * Other work on this machine (a test suite running Directus, say) skews every benchmark figure:
 * this samples /proc every second for Directus, runtime, vitest and benchmark processes that belong
 * to none of the benchmark's own runtimes, counted per phase, so a report shows which of its parts
 * ran on a shared, busier machine.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ForeignCount {
	samples: number;
	samples_with_any: number;
	max_at_once: number;
}

export class ForeignProcessWatch {
	/** The phase new samples are counted under; the benchmark sets it as it moves on. */
	phase = 'setup';
	readonly byPhase: Record<string, ForeignCount> = {};
	/** Command lines of the foreign processes seen (first 160 characters). */
	readonly commands = new Set<string>();
	/** Data folders of the benchmark's runtimes: processes running in them are its own. */
	readonly ownDirs = new Set<string>();
	readonly #isOwnPid: (pid: number) => boolean;

	/** Starts sampling every second (the timer does not keep the process alive). */
	constructor(isOwnPid: (pid: number) => boolean) {
		this.#isOwnPid = isOwnPid;
		const timer = setInterval(() => this.sample(), 1000);
		timer.unref();
	}

	sample(): void {
		let count = 0;
		for (const entry of readdirSync('/proc')) {
			const pid = Number(entry);
			if (!Number.isInteger(pid) || pid === process.pid) continue;
			let cmdline: string;
			try {
				cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
			} catch {
				continue;
			}
			if (!/cli\/run\.js|vitest|runtime\/main\.ts|\.bench\.ts/.test(cmdline)) continue;
			let cwd = '';
			try {
				cwd = readlinkSync(`/proc/${pid}/cwd`);
			} catch {
				// gone, or not ours to read
			}
			const mine = [...this.ownDirs].some((dir) => cwd.startsWith(dir)) || this.#isOwnPid(pid);
			if (mine) continue;
			count++;
			this.commands.add(cmdline.slice(0, 160));
		}
		const counts = (this.byPhase[this.phase] ??= { samples: 0, samples_with_any: 0, max_at_once: 0 });
		counts.samples++;
		if (count) counts.samples_with_any++;
		counts.max_at_once = Math.max(counts.max_at_once, count);
	}
}
