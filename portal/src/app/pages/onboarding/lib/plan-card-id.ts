import type { BillingPeriod } from '../../../../lib/plans/plan';
import { isBillingPeriod } from '../../../../lib/plans/plan-pricing';

/**
 * A chosen plan card is named `{planId}-{period}` (docs/product.md, States, Onboarding); plan ids
 * may contain dashes themselves, so the period is the last dash-separated part.
 */
export const planCardId = (planId: string, period: BillingPeriod): string => `${planId}-${period}`;

export type PlanChoice = { planId: string; period: BillingPeriod };

/** The plan id without the period, and the period; null when the last part is not a period or no plan id is left. */
export function parsePlanCardId(cardId: string): PlanChoice | null {
	const cut = cardId.lastIndexOf('-');
	if (cut <= 0) return null;
	const planId = cardId.slice(0, cut);
	const period = cardId.slice(cut + 1);
	return isBillingPeriod(period) ? { planId, period } : null;
}
