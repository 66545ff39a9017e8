/** Calendar arithmetic for billing periods, in UTC (docs/product.md, Plans, periods and prices). */
import type { BillingPeriod } from '@epic/platform-api';

const MONTHS: Record<BillingPeriod, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** The same day of the month `period` later; the 31st becomes the month's last day when it has none. */
export function addPeriod(start: Date, period: BillingPeriod): Date {
	const months = start.getUTCMonth() + MONTHS[period];
	const target = new Date(Date.UTC(start.getUTCFullYear(), months, 1, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()));
	const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
	target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
	return target;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Share of the period still to run at `now`, between 0 and 1. */
export function remainingShare(start: Date, end: Date, now: Date): number {
	const total = end.getTime() - start.getTime();
	if (total <= 0) return 0;
	return Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / total));
}

/** The plan row's price for a period in cents, or null when the plan is not sold for it. */
export function priceCents(row: { price_monthly: unknown; price_quarterly: unknown; price_yearly: unknown }, period: BillingPeriod): number | null {
	const value = { monthly: row.price_monthly, quarterly: row.price_quarterly, yearly: row.price_yearly }[period];
	if (value === null || value === undefined || value === '') return null;
	const amount = Number(value);
	return Number.isFinite(amount) ? Math.round(amount * 100) : null;
}
