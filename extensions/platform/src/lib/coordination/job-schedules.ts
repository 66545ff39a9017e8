/**
 * The bundle's scheduled jobs: each one's name (its row in `scheduled_jobs`), the variable that sets
 * its schedule and the schedule it has without one. A cron expression of 5 or 6 fields (seconds
 * first); the tests run the jobs every few seconds.
 */
import { z } from 'zod';
import { cronSetting, parseEnvConfig } from '../env-config.ts';

export const SCHEDULED_JOBS = {
	/** Re-reads current subscriptions from the provider and runs the sandbox's renewals. */
	'subscription-sync': { variable: 'SUBSCRIPTION_SYNC_SCHEDULE', fallback: '* * * * *' },
	/** Unfinished projects, suspensions, pending licence keys, unconfirmed certificates. */
	provisioning: { variable: 'PROVISIONING_SCHEDULE', fallback: '*/15 * * * * *' },
	/** Studio's copy of the runtime's figures for each project. */
	'instance-sync': { variable: 'INSTANCE_SYNC_SCHEDULE', fallback: '*/30 * * * * *' },
	/** Emails and notifications still owed: left by a replica that died, or failed before. */
	outbox: { variable: 'OUTBOX_SCHEDULE', fallback: '*/30 * * * * *' },
	/** Every site's scheduled backup, daily at 03:00. */
	backups: { variable: 'BACKUP_SCHEDULE', fallback: '0 3 * * *' },
} as const;

export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;

/** The job's schedule from the environment; throws naming the variable when it is not a cron expression. */
export function jobSchedule(env: Record<string, unknown>, job: ScheduledJobName): string {
	const { variable, fallback } = SCHEDULED_JOBS[job];
	const parsed = parseEnvConfig(z.object({ [variable]: cronSetting(fallback) }), env, `${job} schedule`);
	return parsed[variable] as string;
}
