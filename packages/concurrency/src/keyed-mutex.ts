/**
 * Serialises operations per key: two operations on the same thing (in the runtime, an ensure
 * racing a delete of one instance; in billing, two re-reads of one subscription) run one after the
 * other, while different keys proceed in parallel. In-process only.
 */
export class KeyedMutex {
	readonly #tails = new Map<string, Promise<unknown>>();

	run<T>(key: string, operation: () => Promise<T>): Promise<T> {
		const previous = this.#tails.get(key) ?? Promise.resolve();
		const result = previous.then(operation, operation);
		const tail = result.catch(() => {});
		this.#tails.set(key, tail);
		void tail.then(() => {
			if (this.#tails.get(key) === tail) this.#tails.delete(key);
		});
		return result;
	}
}
