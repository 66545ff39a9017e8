/**
 * What a project's site gets from its owner's current plan (newest current subscription, as
 * billing reads it): `site_memory_mb` and `site_cpu_shares` where sites run in containers, and
 * `site_upload_max_mb`, `site_storage_quota_mb` and `site_mail_per_hour` everywhere. Empty values, or no current
 * subscription, leave the runtime's defaults.
 */
import type { Knex } from 'knex';
import type { SiteResources } from '@epic/runtime-contract';
import { SERVING_SUBSCRIPTION_STATUSES } from '@epic/platform-api';

interface PlanLimitsRow {
	site_memory_mb: number | string | null;
	site_cpu_shares: number | string | null;
	site_upload_max_mb: number | string | null;
	site_storage_quota_mb: number | string | null;
	site_mail_per_hour: number | string | null;
}

export async function planSiteResources(database: Knex, owner: string | null): Promise<SiteResources | undefined> {
	if (!owner) return undefined;
	const row = (await database('user_subscriptions')
		.join('subscription_plans', 'subscription_plans.id', 'user_subscriptions.plan')
		.select(
			'subscription_plans.site_memory_mb',
			'subscription_plans.site_cpu_shares',
			'subscription_plans.site_upload_max_mb',
			'subscription_plans.site_storage_quota_mb',
			'subscription_plans.site_mail_per_hour',
		)
		.where('user_subscriptions.user', owner)
		.whereIn('user_subscriptions.status', [...SERVING_SUBSCRIPTION_STATUSES])
		.orderBy('user_subscriptions.date_created', 'desc')
		.first()) as PlanLimitsRow | undefined;
	const resources: SiteResources = {
		...(row?.site_memory_mb != null ? { memoryMb: Number(row.site_memory_mb) } : {}),
		...(row?.site_cpu_shares != null ? { cpuShares: Number(row.site_cpu_shares) } : {}),
		...(row?.site_upload_max_mb != null ? { uploadMaxMb: Number(row.site_upload_max_mb) } : {}),
		...(row?.site_storage_quota_mb != null ? { storageQuotaMb: Number(row.site_storage_quota_mb) } : {}),
		...(row?.site_mail_per_hour != null ? { mailPerHour: Number(row.site_mail_per_hour) } : {}),
	};
	return Object.keys(resources).length ? resources : undefined;
}
