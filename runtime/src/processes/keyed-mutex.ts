/**
 * Serialises operations per key: two requests about the same instance (an ensure racing a
 * delete, a wake racing a stop) run one after the other, while different instances proceed
 * in parallel.
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
