/** One billing option of a plan, as GET /stripe/plans returns it. Amounts are in dollars. */
export type PlanPrice = {
  amount: number;
  price_id: string;
  period: 'month' | 'year';
  interval_count: number;
};

export type BillingPeriod = 'monthly' | 'quarterly' | 'yearly';

/** A subscription plan as GET /stripe/plans maps it (docs/product.md, Plans, periods and prices). */
export type Plan = {
  id: string;
  name: string;
  /** Monthly price in dollars; 0 for the free plan. */
  price: number;
  /** 0 means no projects, 999 means unlimited. */
  projectLimit: number;
  popular: boolean;
  features: string[];
  /** Only the periods this plan is sold in are present. */
  pricing: Partial<Record<BillingPeriod, PlanPrice>>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Structural check of one plan, so a malformed answer becomes an error state instead of a crash. */
export function isPlan(value: unknown): value is Plan {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.price === 'number' &&
    typeof value.projectLimit === 'number' &&
    Array.isArray(value.features) &&
    value.features.every((feature) => typeof feature === 'string') &&
    isRecord(value.pricing)
  );
}
