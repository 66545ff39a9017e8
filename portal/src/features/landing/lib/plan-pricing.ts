import type { BillingPeriod, Plan } from '../api/plan';

export const BILLING_PERIODS = ['monthly', 'quarterly', 'yearly'] as const satisfies readonly BillingPeriod[];

/** Months one payment covers (docs/product.md, Constants: quarterly is 3 months, yearly 1 year). */
export const MONTHS_PER_PERIOD: Record<BillingPeriod, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** Project limit value the backend uses for "unlimited". */
export const UNLIMITED_PROJECTS = 999;

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
    }
  | { kind: 'unavailable' };

export function savePercentVersusMonthly(plan: Plan, period: BillingPeriod): number | null {
  const monthly = plan.pricing.monthly?.amount;
  const chosen = plan.pricing[period]?.amount;
  if (period === 'monthly' || !monthly || chosen === undefined) return null;
  const percent = Math.round((1 - chosen / (monthly * MONTHS_PER_PERIOD[period])) * 100);
  return percent > 0 ? percent : null;
}

function paidPrice(plan: Plan, period: BillingPeriod): DisplayPrice | null {
  const entry = plan.pricing[period];
  if (!entry) return null;
  const months = MONTHS_PER_PERIOD[period];
  return {
    kind: 'paid',
    period,
    perMonth: months === 1 ? entry.amount : Math.round(entry.amount / months),
    total: entry.amount,
    savePercent: savePercentVersusMonthly(plan, period),
  };
}

/** What a plan card shows for the chosen billing period. */
export function displayPrice(plan: Plan, period: BillingPeriod): DisplayPrice {
  if (plan.price === 0 && Object.keys(plan.pricing).length === 0) return { kind: 'free' };
  return paidPrice(plan, period) ?? paidPrice(plan, 'monthly') ?? { kind: 'unavailable' };
}
