/**
 * Each swarm site's memory, as the agent of the node its task runs on last reported it.
 *
 * A site's memory is asked for synchronously (its status, every metrics scrape) and its task runs on
 * another machine. So a reading is answered from here and refreshed in the background once it is
 * older than `maxAgeMs`: a status or a scrape never waits on a node, and any number of them in a
 * row costs at most one request per site and period. The first ask for a site answers null
 * (unknown), as does a site whose last refresh failed.
 */
export interface TaskMemoryReadingsParts {
	/** The task's memory now, from its node's agent; throws when the task or its node cannot be reached. */
	read(service: string): Promise<number | null>;
	now(): number;
	maxAgeMs: number;
	log(message: string): void;
}

interface Reading {
	bytes: number | null;
	at: number;
}

export class TaskMemoryReadings {
	readonly #parts: TaskMemoryReadingsParts;
	readonly #readings = new Map<string, Reading>();
	readonly #refreshing = new Map<string, Promise<void>>();

	constructor(parts: TaskMemoryReadingsParts) {
		this.#parts = parts;
	}

	/** The last reading of `service`'s task, refreshed in the background when it is stale. */
	current(service: string): number | null {
		const reading = this.#readings.get(service);
		if (!reading || this.#parts.now() - reading.at >= this.#parts.maxAgeMs) this.#refresh(service);
		return reading?.bytes ?? null;
	}

	/** Resolves when the refreshes under way have ended. */
	async settled(): Promise<void> {
		await Promise.all(this.#refreshing.values());
	}

	#refresh(service: string): void {
		if (this.#refreshing.has(service)) return;
		const refresh = this.#parts
			.read(service)
			.then(
				(bytes) => {
					this.#readings.set(service, { bytes, at: this.#parts.now() });
				},
				(error: unknown) => {
					// Unknown until a later refresh succeeds; the time is kept, so a node that is down
					// is asked again once a period, not at every status.
					this.#readings.set(service, { bytes: null, at: this.#parts.now() });
					this.#parts.log(`the memory of ${service}'s task is unknown: ${error instanceof Error ? error.message : String(error)}`);
				},
			)
			.finally(() => this.#refreshing.delete(service))
			// Nothing above throws; a background promise still never goes unhandled.
			.catch(() => undefined);
		this.#refreshing.set(service, refresh);
	}
}
