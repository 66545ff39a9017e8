/**
 * "May this user create a project, and how many more?" — the one answer the projects code asks
 * billing for (docs/product.md, Subscription): an active or trialing subscription whose plan allows
 * projects; a limit of 999 means unlimited.
 */
import { allowsNewProjects, projectAllowanceFrom, type ProjectAllowance } from '@epic/platform-api';
import { systemItems, type BillingContext } from './billing-context.ts';
import { currentSubscriptionOf } from './subscription-mirror.ts';

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

export async function projectAllowance(context: Context, userId: string): Promise<ProjectAllowance> {
	const subscription = await currentSubscriptionOf(context, userId);
	const [limit, used] = await Promise.all([planLimit(context, subscription?.plan ?? null), countOwnedProjects(context, userId)]);
	return projectAllowanceFrom(limit, used, allowsNewProjects(subscription?.status));
}
