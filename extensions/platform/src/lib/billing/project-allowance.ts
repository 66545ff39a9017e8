/**
 * "May this user create a project, and how many more?" — the one answer the projects code asks
 * billing for (docs/product.md, Subscription): an active or trialing subscription whose plan allows
 * projects; a limit of 999 means unlimited.
 */
import { systemItems, type BillingContext } from './billing-context.ts';
import { currentSubscriptionOf, type MirroredSubscription } from './subscription-mirror.ts';

export const UNLIMITED_PROJECTS = 999;

export interface ProjectAllowance {
	allowed: boolean;
	/** The plan's limit; 0 without a subscription that counts. */
	limit: number;
	used: number;
	/** Null when unlimited. */
	remaining: number | null;
}

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'database'>;

export async function countOwnedProjects(context: Context, userId: string): Promise<number> {
	const projects = await systemItems(context, 'projects');
	const [row] = (await projects.readByQuery({ aggregate: { count: ['*'] }, filter: { owner: { _eq: userId } } })) as { count: number | string }[];
	return Number(row?.count ?? 0);
}

export async function planLimit(context: Context, planId: string | null): Promise<number> {
	if (!planId) return 0;
	const plans = await systemItems(context, 'subscription_plans');
	const [plan] = (await plans.readByQuery({ fields: ['project_limit'], filter: { id: { _eq: planId } }, limit: 1 })) as { project_limit: number }[];
	return Number(plan?.project_limit ?? 0);
}

export function allowanceFrom(limit: number, used: number, subscriptionCounts: boolean): ProjectAllowance {
	const effectiveLimit = subscriptionCounts ? limit : 0;
	if (effectiveLimit >= UNLIMITED_PROJECTS) return { allowed: true, limit: effectiveLimit, used, remaining: null };
	const remaining = Math.max(0, effectiveLimit - used);
	return { allowed: remaining > 0, limit: effectiveLimit, used, remaining };
}

/** Whether a subscription lets its plan's projects be created: `active` or `trialing`, not `past_due`. */
export function subscriptionCounts(subscription: Pick<MirroredSubscription, 'status'> | null): boolean {
	return subscription !== null && (subscription.status === 'active' || subscription.status === 'trialing');
}

export async function projectAllowance(context: Context, userId: string): Promise<ProjectAllowance> {
	const subscription = await currentSubscriptionOf(context, userId);
	const counts = subscriptionCounts(subscription);
	const [limit, used] = await Promise.all([planLimit(context, subscription?.plan ?? null), countOwnedProjects(context, userId)]);
	return allowanceFrom(limit, used, counts);
}
