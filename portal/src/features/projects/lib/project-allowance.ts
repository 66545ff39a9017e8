import type { Subscription } from '@epic/platform-api';
import { UNLIMITED_PROJECTS } from '../../../lib/plans/plan-pricing';

/** docs/product.md, Plans: a project limit of 999 or more is unlimited. */
export const isUnlimited = (limit: number): boolean => limit >= UNLIMITED_PROJECTS;

/** Why a customer may not create a project now; null when they may. */
export type CreateBlock = 'noSubscription' | 'noProjectsInPlan' | 'limitReached';

/**
 * docs/product.md, Plans: creating needs an `active` or `trialing` subscription on a plan whose
 * limit is above 0, and fewer projects than the limit (999 = unlimited). The server checks again.
 */
export function createBlock(subscription: Subscription | null, projectCount: number): CreateBlock | null {
  if (!subscription || (subscription.status !== 'active' && subscription.status !== 'trialing')) return 'noSubscription';
  const limit = subscription.plan.project_limit;
  if (limit <= 0) return 'noProjectsInPlan';
  if (!isUnlimited(limit) && projectCount >= limit) return 'limitReached';
  return null;
}

/** The plan card's usage line: which text and with what numbers. */
export function projectUsage(projectCount: number, limit: number) {
  if (isUnlimited(limit)) return { key: 'unlimited', count: projectCount } as const;
  return { key: 'limited', count: projectCount, limit, percent: limit > 0 ? Math.min(100, Math.round((projectCount / limit) * 100)) : 100 } as const;
}
