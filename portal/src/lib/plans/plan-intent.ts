import type { BillingPeriod, Plan } from './plan';
import { checkoutPeriod, isBillingPeriod } from './plan-pricing';

/**
 * The plan and period a visitor picked on the landing page's pricing, carried as `?plan=…&period=…`
 * through registration, the verification link and sign-in into the onboarding wizard.
 */
export type PlanIntent = { planId: string; period: BillingPeriod };

/** What the billing API accepts as a plan id (1 to 64 characters); anything else is not a plan. */
const PLAN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The intent in a query, or null. The query is anyone's to edit, so only the shape is checked here:
 * a malformed id or an unknown period is ignored. Whether the plan exists and is sold in that period
 * is decided against the active plans by whoever uses it.
 */
export function readPlanIntent(params: URLSearchParams): PlanIntent | null {
	const planId = params.get('plan') ?? '';
	const period = params.get('period') ?? '';
	if (!PLAN_ID.test(planId) || !isBillingPeriod(period)) return null;
	return { planId, period };
}

/** The intent as query entries (none without one), to put beside a page's own. */
export const planIntentEntries = (intent: PlanIntent | null): [string, string][] =>
	intent
		? [
				['plan', intent.planId],
				['period', intent.period],
			]
		: [];

/** `path` with the intent appended to its query; `path` unchanged without one. */
export function withPlanIntent(path: string, intent: PlanIntent | null): string {
	const entries = planIntentEntries(intent);
	if (entries.length === 0) return path;
	const separator = path.includes('?') ? '&' : '?';
	return `${path}${separator}${new URLSearchParams(entries).toString()}`;
}

/**
 * Whether a plan can be bought for a first project: it has a price in the period and allows at
 * least one project (the free plan has neither).
 */
export const isPurchasableForProjects = (plan: Plan, period: BillingPeriod): boolean => plan.projectLimit > 0 && (plan.pricing[period]?.amount ?? 0) > 0;

/**
 * What a pricing card's Get started carries: the plan in the period its card shows (monthly for a
 * plan sold only monthly); null for a plan there is nothing to buy in.
 */
export function planIntentFor(plan: Plan, period: BillingPeriod): PlanIntent | null {
	const shown = checkoutPeriod(plan, period);
	return isPurchasableForProjects(plan, shown) ? { planId: plan.id, period: shown } : null;
}

/**
 * The intent matched against the active plans: the plan it names, if that plan is active and sold
 * in that period for projects; otherwise null, and the intent is ignored.
 */
export function resolvePlanIntent(intent: PlanIntent | null, plans: readonly Plan[]): { plan: Plan; period: BillingPeriod } | null {
	if (!intent) return null;
	const plan = plans.find((candidate) => candidate.id === intent.planId);
	return plan && isPurchasableForProjects(plan, intent.period) ? { plan, period: intent.period } : null;
}
