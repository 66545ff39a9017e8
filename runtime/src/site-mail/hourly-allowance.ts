/**
 * How many emails each site may still send this hour. Windows are clock hours (UTC), so a limit
 * reached at 14:50 lifts at 15:00 and the refusal can say when. Every recipient of a message counts
 * as one email: a message to fifty addresses is fifty emails. Counts live in memory: a runtime
 * restart starts the hour over, which at worst lets a site send one more hour's allowance.
 */
import type { SiteMailStatus } from '@epic/runtime-contract';

const HOUR_MS = 3_600_000;

interface SiteWindow {
	/** Start of the clock hour the count belongs to (epoch ms). */
	hourStart: number;
	sent: number;
	/** When this hour's first message was refused; null while none was. */
	refusedAt: number | null;
}

export type AllowanceAnswer = { allowed: true } | { allowed: false; resumesAt: Date };

export class HourlyMailAllowance {
	readonly #now: () => number;
	readonly #windows = new Map<string, SiteWindow>();

	constructor(now: () => number) {
		this.#now = now;
	}

	#window(siteId: string): SiteWindow {
		const hourStart = Math.floor(this.#now() / HOUR_MS) * HOUR_MS;
		const current = this.#windows.get(siteId);
		if (current && current.hourStart === hourStart) return current;
		const fresh: SiteWindow = { hourStart, sent: 0, refusedAt: null };
		this.#windows.set(siteId, fresh);
		return fresh;
	}

	/** Counts the message when it fits in what is left of the hour; otherwise counts nothing. */
	take(siteId: string, recipients: number, limitPerHour: number): AllowanceAnswer {
		const window = this.#window(siteId);
		if (window.sent + recipients <= limitPerHour) {
			window.sent += recipients;
			return { allowed: true };
		}
		window.refusedAt ??= this.#now();
		return { allowed: false, resumesAt: new Date(window.hourStart + HOUR_MS) };
	}

	/** Gives back a taken allowance whose message could not be passed on. */
	giveBack(siteId: string, recipients: number): void {
		const window = this.#window(siteId);
		window.sent = Math.max(0, window.sent - recipients);
	}

	status(siteId: string, limitPerHour: number): SiteMailStatus {
		const window = this.#windows.get(siteId);
		const current = window && window.hourStart === Math.floor(this.#now() / HOUR_MS) * HOUR_MS ? window : null;
		return {
			sentThisHour: current?.sent ?? 0,
			limitPerHour,
			limitReachedAt: current?.refusedAt ? new Date(current.refusedAt).toISOString() : null,
		};
	}

	forget(siteId: string): void {
		this.#windows.delete(siteId);
	}
}
