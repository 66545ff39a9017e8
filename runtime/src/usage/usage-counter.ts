/**
 * Requests per project per day (UTC), counted by the router and read through `GET /usage`: the
 * real numbers the portal's dashboard shows. Counting is a map increment; the new counts are added
 * to the store every few seconds, before each read and on shutdown, so a crash loses at most that
 * much counting, never the history. A failed add keeps its counts for the next one.
 */
import type { DailyUsage } from '@epic/runtime-contract';
import { addCounts, totalRequests, type UsageCounts, type UsageStore, withCounts } from './usage-store.ts';

export const USAGE_FLUSH_MS = 5000;

export class UsageCounter {
	readonly #store: UsageStore;
	readonly #log: (message: string) => void;
	readonly #onFlushed: (requests: number) => void;
	#pending: UsageCounts = {};
	/** The store call under way (#inTurn). */
	#turn: Promise<void> = Promise.resolve();
	readonly #timer: NodeJS.Timeout;

	/** `onFlushed`: told how many requests each successful add carried (a node router logs it). */
	constructor(store: UsageStore, log: (message: string) => void, onFlushed: (requests: number) => void = () => {}) {
		this.#store = store;
		this.#log = log;
		this.#onFlushed = onFlushed;
		this.#timer = setInterval(() => void this.#flushOrLog(), USAGE_FLUSH_MS);
		this.#timer.unref();
	}

	count(projectId: string, now = new Date()): void {
		const day = now.toISOString().slice(0, 10);
		const days = (this.#pending[projectId] ??= {});
		days[day] = (days[day] ?? 0) + 1;
	}

	/**
	 * Daily totals from `fromDay` (YYYY-MM-DD, inclusive), optionally for one project, the latest
	 * counts included. A store that cannot be written (a full disk) still answers what it holds,
	 * with the counts waiting for it added.
	 */
	read(fromDay: string, projectId?: string): Promise<DailyUsage[]> {
		return this.#inTurn(async () => {
			await this.#addPending().catch((error: Error) => this.#logFailedAdd(error));
			const stored = await this.#store.read(fromDay, projectId);
			return withCounts(stored, this.#pending, fromDay, projectId);
		});
	}

	forget(projectId: string): Promise<void> {
		return this.#inTurn(async () => {
			delete this.#pending[projectId];
			await this.#store.forget(projectId);
		});
	}

	/** Adds the counts since the last add to the store; rejects when that fails, and they wait for the next. */
	flush(): Promise<void> {
		return this.#inTurn(() => this.#addPending());
	}

	/** One store call at a time, in order: counts are never added twice, nor read half added. */
	#inTurn<T>(work: () => Promise<T>): Promise<T> {
		const next = this.#turn.then(work);
		this.#turn = next.then(
			() => {},
			() => {},
		);
		return next;
	}

	async #addPending(): Promise<void> {
		const counts = this.#pending;
		const requests = totalRequests(counts);
		if (requests === 0) return;
		this.#pending = {};
		try {
			await this.#store.add(counts);
		} catch (error) {
			addCounts(this.#pending, counts);
			throw error;
		}
		this.#onFlushed(requests);
	}

	/** A rejection out of a timer would end the runtime, router and sites with it, over usage counts. */
	async #flushOrLog(): Promise<void> {
		await this.flush().catch((error: Error) => this.#logFailedAdd(error));
	}

	#logFailedAdd(error: Error): void {
		this.#log(`could not write the usage counts (kept for the next flush): ${error.message}`);
	}

	async close(): Promise<void> {
		clearInterval(this.#timer);
		await this.#flushOrLog();
		await this.#store.close();
	}
}
