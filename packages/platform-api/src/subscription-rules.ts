/**
 * Billing's rules that the control plane enforces and the portal shows (docs/product.md,
 * States, Subscription and Plans, periods and prices), defined once so that the two sides never disagree about a status.
 */
import type { SubscriptionStatus } from './billing.ts';

/**
 * The customer's current subscription: its sites serve, its backups run, its plan's limits apply.
 * `past_due` still serves while the payment is retried.
 */
export const SERVING_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const satisfies readonly SubscriptionStatus[];

export function isServingStatus(status: string | null | undefined): boolean {
	return (SERVING_SUBSCRIPTION_STATUSES as readonly string[]).includes(status ?? '');
}

/** New projects need a paid-up subscription: `active` or `trialing`, not `past_due`. */
export function allowsNewProjects(status: string | null | undefined): boolean {
	return status === 'active' || status === 'trialing';
}

/** A plan's `project_limit` at or above this is unlimited. */
export const UNLIMITED_PROJECTS = 999;

export function isUnlimitedProjectLimit(limit: number): boolean {
	return limit >= UNLIMITED_PROJECTS;
}

export interface ProjectAllowance {
	allowed: boolean;
	/** The plan's limit; 0 without a subscription that allows new projects. */
	limit: number;
	used: number;
	/** Null when unlimited. */
	remaining: number | null;
}

/** "May this customer create a project, and how many more?" from the plan's limit and the projects they own. */
export function projectAllowanceFrom(planLimit: number, used: number, subscriptionAllowsNewProjects: boolean): ProjectAllowance {
	const limit = subscriptionAllowsNewProjects ? planLimit : 0;
	if (isUnlimitedProjectLimit(limit)) return { allowed: true, limit, used, remaining: null };
	const remaining = Math.max(0, limit - used);
	return { allowed: remaining > 0, limit, used, remaining };
}
