import { allowsNewProjects, isUnlimitedProjectLimit, type Subscription } from '@epic/platform-api';

/** Why a customer may not create a project now; null when they may. */
export type CreateBlock = 'noSubscription' | 'noProjectsInPlan' | 'limitReached';

/**
 * docs/product.md, Plans, periods and prices: creating needs an `active` or `trialing` subscription on a plan whose
 * limit is above 0, and fewer projects than the limit (999 = unlimited). The server checks again.
 */
export function createBlock(subscription: Subscription | null, projectCount: number): CreateBlock | null {
	if (!subscription || !allowsNewProjects(subscription.status)) return 'noSubscription';
	const limit = subscription.plan.project_limit;
	if (limit <= 0) return 'noProjectsInPlan';
	if (!isUnlimitedProjectLimit(limit) && projectCount >= limit) return 'limitReached';
	return null;
}

/** The plan card's usage line: which text and with what numbers. */
export function projectUsage(projectCount: number, limit: number) {
	if (isUnlimitedProjectLimit(limit)) return { key: 'unlimited', count: projectCount } as const;
	return { key: 'limited', count: projectCount, limit, percent: limit > 0 ? Math.min(100, Math.round((projectCount / limit) * 100)) : 100 } as const;
}
