/**
 * API requests the test holds before they are answered, to catch the caller in the middle of
 * something (a webhook being processed while its receiver waits on the API): `hold` returns once a
 * matching request arrives, and the request is answered when the test lets it go.
 */
export interface RequestHold {
	/** Resolves when the first matching request is being held. */
	readonly caught: Promise<void>;
	/** Answers the held requests, and lets later matching ones through. */
	release(): void;
}

type Match = (method: string, path: string) => boolean;

interface ActiveHold {
	match: Match;
	caught: () => void;
	released: Promise<void>;
}

export class RequestHolds {
	readonly #holds: ActiveHold[] = [];

	hold(match: Match): RequestHold {
		let caught!: () => void;
		let release!: () => void;
		const active: ActiveHold = {
			match,
			caught: () => caught(),
			released: new Promise<void>((resolve) => (release = resolve)),
		};
		const hold: RequestHold = {
			caught: new Promise<void>((resolve) => (caught = resolve)),
			release: () => {
				this.#holds.splice(this.#holds.indexOf(active), 1);
				release();
			},
		};
		this.#holds.push(active);
		return hold;
	}

	/** Resolves at once, or when the hold that matches the request is released. */
	async passage(method: string, path: string): Promise<void> {
		const active = this.#holds.find((candidate) => candidate.match(method, path));
		if (!active) return;
		active.caught();
		await active.released;
	}
}
