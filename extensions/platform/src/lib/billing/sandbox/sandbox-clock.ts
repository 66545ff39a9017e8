/**
 * The sandbox's time: the real clock plus an offset that staff (and tests) can move forward, so
 * renewals, failed renewals and the end of a cancelled period can be reached without waiting.
 */
export class SandboxClock {
	#offsetMs = 0;
	readonly #realNow: () => number;

	constructor(realNow: () => number = Date.now) {
		this.#realNow = realNow;
	}

	now(): Date {
		return new Date(this.#realNow() + this.#offsetMs);
	}

	advance(ms: number): Date {
		if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The sandbox clock only moves forward');
		this.#offsetMs += ms;
		return this.now();
	}
}
