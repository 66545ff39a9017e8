/**
 * Runs a read-then-write per key one at a time, and lets callers that arrive while one runs share
 * the next run instead of queueing one each. The next run starts after the current one has
 * finished, so it sees everything that happened before any of its callers arrived; a burst of N
 * requests for one key costs two runs, not N. (Joining the running one would be wrong: it may have
 * read before the caller's news.)
 */
export class LatestRead<T> {
	readonly #running = new Map<string, Promise<T>>();
	readonly #next = new Map<string, Promise<T>>();

	run(key: string, read: () => Promise<T>): Promise<T> {
		const queued = this.#next.get(key);
		if (queued) return queued;
		const running = this.#running.get(key);
		if (!running) return this.#start(key, read);
		const next = running.then(
			() => this.#promote(key, read),
			() => this.#promote(key, read),
		);
		this.#next.set(key, next);
		return next;
	}

	#promote(key: string, read: () => Promise<T>): Promise<T> {
		this.#next.delete(key);
		return this.#start(key, read);
	}

	#start(key: string, read: () => Promise<T>): Promise<T> {
		const run = read();
		this.#running.set(key, run);
		const clear = () => {
			if (this.#running.get(key) === run) this.#running.delete(key);
		};
		run.then(clear, clear);
		return run;
	}
}
