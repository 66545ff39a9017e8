import type { BillingPeriod, Plan } from './plan';

export const BILLING_PERIODS = ['monthly', 'quarterly', 'yearly'] as const satisfies readonly BillingPeriod[];

export const isBillingPeriod = (value: unknown): value is BillingPeriod => BILLING_PERIODS.some((period) => period === value);

/** Months one payment covers (docs/product.md, Constants: quarterly is 3 months, yearly 1 year). */
export const MONTHS_PER_PERIOD: Record<BillingPeriod, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export type DisplayPrice =
	| { kind: 'free' }
	| {
			kind: 'paid';
			/** The period actually priced: the chosen one, or monthly when the plan is not sold in the chosen one. */
			period: BillingPeriod;
			/** Price per month, rounded when it is a share of a longer period. */
			perMonth: number;
			/** What one payment costs. */
			total: number;
			/** Saving against paying monthly for the same months, or null when there is none. */
			savePercent: number | null;
			/** The monthly price, to strike through beside `perMonth`, when the period saves something; else null. */
			originalPerMonth: number | null;
			/** Dollars saved per payment against paying monthly for the same months, when there is a saving; else null. */
			savedAmount: number | null;
	  }
	| { kind: 'unavailable' };

const cents = (amount: number): number => Math.round(amount * 100) / 100;

export function savePercentVersusMonthly(plan: Plan, period: BillingPeriod): number | null {
	const monthly = plan.pricing.monthly?.amount;
	const chosen = plan.pricing[period]?.amount;
	if (period === 'monthly' || !monthly || chosen === undefined) return null;
	const percent = Math.round((1 - chosen / (monthly * MONTHS_PER_PERIOD[period])) * 100);
	return percent > 0 ? percent : null;
}

/** What paying for the period saves against paying monthly for as many months, in dollars, or null. */
export function savedAmountVersusMonthly(plan: Plan, period: BillingPeriod): number | null {
	const monthly = plan.pricing.monthly?.amount;
	const chosen = plan.pricing[period]?.amount;
	if (period === 'monthly' || !monthly || chosen === undefined) return null;
	const saved = cents(monthly * MONTHS_PER_PERIOD[period] - chosen);
	return saved > 0 ? saved : null;
}

function paidPrice(plan: Plan, period: BillingPeriod): DisplayPrice | null {
	const entry = plan.pricing[period];
	if (!entry) return null;
	const months = MONTHS_PER_PERIOD[period];
	const perMonth = months === 1 ? entry.amount : Math.round(entry.amount / months);
	const savedAmount = savedAmountVersusMonthly(plan, period);
	const monthly = plan.pricing.monthly?.amount;
	return {
		kind: 'paid',
		period,
		perMonth,
		total: entry.amount,
		savePercent: savePercentVersusMonthly(plan, period),
		originalPerMonth: savedAmount !== null && monthly !== undefined && monthly > perMonth ? monthly : null,
		savedAmount,
	};
}

/** What a plan card shows for the chosen billing period. */
export function displayPrice(plan: Plan, period: BillingPeriod): DisplayPrice {
	if (plan.price === 0 && Object.keys(plan.pricing).length === 0) return { kind: 'free' };
	return paidPrice(plan, period) ?? paidPrice(plan, 'monthly') ?? { kind: 'unavailable' };
}

/**
 * The period a checkout for this plan is opened with: the chosen one when the plan is sold in it,
 * else the one its card shows (monthly). A plan with no prices at all is asked for monthly and the
 * server decides.
 */
export function checkoutPeriod(plan: Plan, period: BillingPeriod): BillingPeriod {
	const price = displayPrice(plan, period);
	return price.kind === 'paid' ? price.period : 'monthly';
}
