/** The daily request counts in the data folder's `usage.json`: the store of a runtime on one machine. */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DailyUsage } from '@epic/runtime-contract';
import { addCounts, type UsageCounts, type UsageStore, withCounts } from './usage-store.ts';

export const USAGE_FILE = 'usage.json';

function readUsageFile(file: string): UsageCounts {
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as UsageCounts) : {};
}

export class FileUsageStore implements UsageStore {
	readonly #file: string;
	#totals: UsageCounts;

	constructor(dataDir: string) {
		this.#file = path.join(dataDir, USAGE_FILE);
		this.#totals = readUsageFile(this.#file);
	}

	async add(counts: UsageCounts): Promise<void> {
		const totals = structuredClone(this.#totals);
		addCounts(totals, counts);
		this.#write(totals);
	}

	async read(fromDay: string, projectId?: string): Promise<DailyUsage[]> {
		return withCounts([], this.#totals, fromDay, projectId);
	}

	async forget(projectId: string): Promise<void> {
		const { [projectId]: _forgotten, ...rest } = this.#totals;
		this.#write(rest);
	}

	async close(): Promise<void> {}

	/** Whole or not at all (a temporary file renamed over it); the totals change only once written. */
	#write(totals: UsageCounts): void {
		const temporary = `${this.#file}.tmp`;
		writeFileSync(temporary, JSON.stringify(totals));
		renameSync(temporary, this.#file);
		this.#totals = totals;
	}
}
