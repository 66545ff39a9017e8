/**
 * Which scheduled time a firing of a cron schedule belongs to. Replicas fire the same tick a few
 * milliseconds apart (or later, when an event loop is busy), so the firing time itself cannot name
 * the tick they share; the scheduled time nearest to it can, as long as a firing is less than half
 * the schedule's shortest gap late.
 */
import { CronTime } from 'cron';

/** How many coming ticks are looked at for the shortest gap: enough for any day-of-week pattern. */
const GAP_SAMPLES = 16;

export class CronTicks {
	readonly #time: CronTime;
	readonly #shortestGapMs: number;

	/** Throws what `cron` throws for a rule it cannot read. */
	constructor(rule: string) {
		this.#time = new CronTime(rule);
		const coming = this.#time.sendAt(GAP_SAMPLES).map((date) => date.toMillis());
		let shortest = Number.POSITIVE_INFINITY;
		for (let i = 1; i < coming.length; i++) shortest = Math.min(shortest, coming[i]! - coming[i - 1]!);
		this.#shortestGapMs = shortest;
	}

	/** The shortest time between two ticks of the schedule. */
	get shortestGapMs(): number {
		return this.#shortestGapMs;
	}

	/** The tick (epoch milliseconds) a firing at `firedAt` belongs to: the nearest scheduled time. */
	tickOf(firedAt: Date): number {
		const halfGap = Math.floor(this.#shortestGapMs / 2);
		return this.#time.getNextDateFrom(new Date(firedAt.getTime() - halfGap)).toMillis();
	}
}
