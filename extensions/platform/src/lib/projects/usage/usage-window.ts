/**
 * The two 30-day windows the dashboard compares, in UTC days as the runtime's router counts them:
 * the last 30 days with today included, and the 30 days before them.
 */
import { USAGE_WINDOW_DAYS } from '@epic/platform-api';

export interface UsageWindow {
	/** First day of the previous window: what the runtime is asked from. */
	previousFrom: string;
	/** First day of the current window. */
	from: string;
	/** Today. */
	to: string;
	/** The current window's days, oldest first. */
	days: string[];
}

function utcDay(now: Date, daysBack: number): string {
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack)).toISOString().slice(0, 10);
}

export function usageWindow(now: Date): UsageWindow {
	const days = Array.from({ length: USAGE_WINDOW_DAYS }, (_, index) => utcDay(now, USAGE_WINDOW_DAYS - 1 - index));
	return { previousFrom: utcDay(now, 2 * USAGE_WINDOW_DAYS - 1), from: days[0]!, to: days[days.length - 1]!, days };
}
