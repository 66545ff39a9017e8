/**
 * Which projects the scheduled run backs up, and how many scheduled backups each keeps: every
 * published project, with the retention of its owner's current subscription's plan (newest
 * current subscription, as billing reads it). An owner without one keeps none: their projects are
 * about to be suspended anyway.
 */
import type { Knex } from 'knex';
import { MAX_KEEP_SCHEDULED } from '@epic/runtime-contract';
import { SERVING_SUBSCRIPTION_STATUSES } from '@epic/platform-api';
import type { ScheduledBackupTarget } from './scheduled-backups.ts';

export async function scheduledBackupTargets(database: Knex): Promise<ScheduledBackupTarget[]> {
	const projects = (await database('projects').select('id', 'owner').where({ status: 'published' }).orderBy('id')) as { id: string; owner: string | null }[];
	const retentionOf = new Map<string, number>();
	for (const owner of new Set(projects.map((project) => project.owner).filter((owner): owner is string => owner !== null))) {
		const row = (await database('user_subscriptions')
			.join('subscription_plans', 'subscription_plans.id', 'user_subscriptions.plan')
			.select('subscription_plans.backup_retention')
			.where('user_subscriptions.user', owner)
			.whereIn('user_subscriptions.status', [...SERVING_SUBSCRIPTION_STATUSES])
			.orderBy('user_subscriptions.date_created', 'desc')
			.first()) as { backup_retention: number | string | null } | undefined;
		retentionOf.set(owner, Math.min(MAX_KEEP_SCHEDULED, Math.max(0, Math.trunc(Number(row?.backup_retention ?? 0)))));
	}
	return projects.map((project) => ({ projectId: project.id, keep: project.owner ? (retentionOf.get(project.owner) ?? 0) : 0 }));
}
