/**
 * Each site's activity as the router sees it, in memory, for the idle sweep: when it last served,
 * and the requests and websockets it is serving now. The instance's record learns the time only
 * when the site goes to sleep (`lastRequestAt`), so a busy site costs no write per request.
 */
import type { InstanceRecord } from '../state/instance-record.ts';

export class SiteActivity {
	readonly #now: () => number;
	/** Milliseconds since the epoch of each site's last activity in this process. */
	readonly #lastAt = new Map<string, number>();
	/** Requests in flight and open websockets per site: a site serving one is not idle. */
	readonly #open = new Map<string, number>();

	constructor(now: () => number) {
		this.#now = now;
	}

	/** Restarts a site's idle clock: it has just started, woken or been adopted, and its boot never counts as idle time. */
	restart(id: string): void {
		this.#lastAt.set(id, this.#now());
	}

	/**
	 * Marks a request or websocket as in progress; the returned function ends it. The idle clock
	 * runs from the end of the last activity, so a long upload or an open socket keeps the site
	 * awake.
	 */
	begin(id: string): () => void {
		this.#open.set(id, (this.#open.get(id) ?? 0) + 1);
		this.#lastAt.set(id, this.#now());
		let ended = false;
		return () => {
			if (ended) return;
			ended = true;
			this.#open.set(id, Math.max(0, (this.#open.get(id) ?? 1) - 1));
			this.#lastAt.set(id, this.#now());
		};
	}

	/** The site's last activity, from this process or else as its record kept it. */
	lastRequestAt(record: Pick<InstanceRecord, 'id' | 'lastRequestAt'>): string | null {
		const last = this.#lastAt.get(record.id);
		return last ? new Date(last).toISOString() : record.lastRequestAt;
	}

	/** Nothing open and nothing for `idleMs`, counted from the record's last request (or creation) before any in this process. */
	idleFor(record: Pick<InstanceRecord, 'id' | 'lastRequestAt' | 'createdAt'>, idleMs: number): boolean {
		if ((this.#open.get(record.id) ?? 0) > 0) return false;
		const last = this.#lastAt.get(record.id) ?? Date.parse(record.lastRequestAt ?? record.createdAt);
		return this.#now() - last >= idleMs;
	}

	/** A deleted site's clock goes with it. */
	forget(id: string): void {
		this.#lastAt.delete(id);
		this.#open.delete(id);
	}
}
