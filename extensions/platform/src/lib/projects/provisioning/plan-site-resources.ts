/**
 * The memory and CPU a project's site gets where sites run in containers: its owner's current
 * plan's `site_memory_mb` and `site_cpu_shares` (newest current subscription, as billing reads
 * it). Empty values, or no current subscription, leave the runtime's defaults.
 */
import type { Knex } from 'knex';
import type { SiteResources } from '@epic/runtime-contract';
import { CURRENT_STATUSES } from '../../billing/subscription-mirror.ts';

interface PlanLimitsRow {
	site_memory_mb: number | string | null;
	site_cpu_shares: number | string | null;
}

export async function planSiteResources(database: Knex, owner: string | null): Promise<SiteResources | undefined> {
	if (!owner) return undefined;
	const row = (await database('user_subscriptions')
		.join('subscription_plans', 'subscription_plans.id', 'user_subscriptions.plan')
		.select('subscription_plans.site_memory_mb', 'subscription_plans.site_cpu_shares')
		.where('user_subscriptions.user', owner)
		.whereIn('user_subscriptions.status', CURRENT_STATUSES)
		.orderBy('user_subscriptions.date_created', 'desc')
		.first()) as PlanLimitsRow | undefined;
	const resources: SiteResources = {
		...(row?.site_memory_mb != null ? { memoryMb: Number(row.site_memory_mb) } : {}),
		...(row?.site_cpu_shares != null ? { cpuShares: Number(row.site_cpu_shares) } : {}),
	};
	return Object.keys(resources).length ? resources : undefined;
}
