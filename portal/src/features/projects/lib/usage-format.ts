import type { DailyRequests } from '@epic/platform-api';

/**
 * How the usage figures read on the dashboard (docs/product.md, Projects API): counts and the change
 * in the reader's language, and the days (UTC, as the router counts them) for the chart's text.
 */

export const formatCount = (count: number, locale: string | undefined): string => new Intl.NumberFormat(locale).format(count);

/** `12.5` → "+12.5%", `-40` → "-40%", `0` → "0%". */
export const formatChange = (percent: number, locale: string | undefined): string =>
	new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(percent / 100);

/** A `YYYY-MM-DD` day as the reader writes dates; read in UTC, or it would shift a day west of Greenwich. */
export const formatDay = (day: string, locale: string | undefined): string =>
	new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The day with the most requests (the earliest of equals); null when there were none. */
export function busiestDay(daily: DailyRequests[]): DailyRequests | null {
	let busiest: DailyRequests | null = null;
	for (const entry of daily) if (entry.requests > 0 && (!busiest || entry.requests > busiest.requests)) busiest = entry;
	return busiest;
}

export type ChangeDirection = 'up' | 'down' | 'flat';

export const changeDirection = (percent: number): ChangeDirection => (percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat');
