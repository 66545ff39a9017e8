/**
 * The server's notion of now: an injected (or the real) clock plus the time tests have advanced.
 * While the server replays what happened during an advance (a renewal at a period's end), `at`
 * pins now to that instant so objects and events carry the time they would have had.
 */
export class ServerClock {
	private readonly base: () => number;
	private offsetMs = 0;
	private pinnedSeconds: number | null = null;

	constructor(base: () => number = Date.now) {
		this.base = base;
	}

	nowMs(): number {
		return this.pinnedSeconds === null ? this.base() + this.offsetMs : this.pinnedSeconds * 1000;
	}

	/** Stripe's timestamps: whole seconds. */
	nowSeconds(): number {
		return Math.floor(this.nowMs() / 1000);
	}

	advance(ms: number): void {
		this.offsetMs += ms;
	}

	at<T>(seconds: number, run: () => T): T {
		const previous = this.pinnedSeconds;
		this.pinnedSeconds = seconds;
		try {
			return run();
		} finally {
			this.pinnedSeconds = previous;
		}
	}
}
