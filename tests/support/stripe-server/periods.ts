/**
 * Billing period arithmetic. Boundaries are counted from the billing cycle anchor rather than from
 * the previous boundary, so a subscription started on the 31st bills on the 30th in April and on
 * the 31st again in May, as Stripe does (months clamp to their last day, in UTC).
 */
import type { Interval } from './objects.ts';

const DAY = 86_400;

/** The start of the `n`th period (0 = the anchor itself), in seconds. */
export function periodBoundary(anchor: number, interval: Interval, intervalCount: number, n: number): number {
	if (interval === 'day') return anchor + n * intervalCount * DAY;
	if (interval === 'week') return anchor + n * intervalCount * 7 * DAY;
	const start = new Date(anchor * 1000);
	const months = n * intervalCount * (interval === 'year' ? 12 : 1);
	const monthIndex = start.getUTCMonth() + months;
	const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
	const month = ((monthIndex % 12) + 12) % 12;
	const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
	const day = Math.min(start.getUTCDate(), lastDay);
	const boundary = Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds());
	return Math.floor(boundary / 1000);
}

/** Stripe refuses recurring intervals longer than a year. */
export function intervalWithinAYear(interval: Interval, intervalCount: number): boolean {
	const limits: Record<Interval, number> = { day: 365, week: 52, month: 12, year: 1 };
	return intervalCount >= 1 && intervalCount <= limits[interval];
}
