/**
 * Requests per project per day (UTC), counted by the router and read through `GET /usage`: the
 * real numbers the portal's dashboard shows. Counting is a map increment; the totals are flushed to disk every few seconds and
 * on shutdown, so a crash loses at most that much counting, never the history.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DailyUsage } from '@epic/runtime-contract';

type Counts = Record<string, Record<string, number>>;

const FLUSH_EVERY_MS = 5000;

export class UsageCounter {
	readonly #file: string;
	readonly #counts: Counts;
	readonly #log: (message: string) => void;
	#dirty = false;
	readonly #timer: NodeJS.Timeout;

	constructor(dataDir: string, log: (message: string) => void) {
		this.#file = path.join(dataDir, 'usage.json');
		this.#counts = existsSync(this.#file) ? (JSON.parse(readFileSync(this.#file, 'utf8')) as Counts) : {};
		this.#log = log;
		this.#timer = setInterval(() => this.#flushOrLog(), FLUSH_EVERY_MS);
		this.#timer.unref();
	}

	count(projectId: string, now = new Date()): void {
		const day = now.toISOString().slice(0, 10);
		const days = (this.#counts[projectId] ??= {});
		days[day] = (days[day] ?? 0) + 1;
		this.#dirty = true;
	}

	/** Daily totals from `fromDay` (YYYY-MM-DD, inclusive), optionally for one project. */
	read(fromDay: string, projectId?: string): DailyUsage[] {
		const rows: DailyUsage[] = [];
		for (const [id, days] of Object.entries(this.#counts)) {
			if (projectId && id !== projectId) continue;
			for (const [day, requests] of Object.entries(days)) if (day >= fromDay) rows.push({ projectId: id, day, requests });
		}
		return rows.sort((a, b) => a.day.localeCompare(b.day) || a.projectId.localeCompare(b.projectId));
	}

	forget(projectId: string): void {
		delete this.#counts[projectId];
		this.#dirty = true;
	}

	/** Writes the totals if they changed; throws when the write fails, and the next flush tries again. */
	flush(): void {
		if (!this.#dirty) return;
		const temporary = `${this.#file}.tmp`;
		writeFileSync(temporary, JSON.stringify(this.#counts));
		renameSync(temporary, this.#file);
		this.#dirty = false;
	}

	/** A throw out of a timer would end the runtime, router and sites with it, over a usage file. */
	#flushOrLog(): void {
		try {
			this.flush();
		} catch (error) {
			this.#log(`could not write the usage counts (kept for the next flush): ${(error as Error).message}`);
		}
	}

	close(): void {
		clearInterval(this.#timer);
		this.#flushOrLog();
	}
}
