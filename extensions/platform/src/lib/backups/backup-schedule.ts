/** `BACKUP_SCHEDULE`: when the scheduled backups run, a cron expression (default daily at 03:00). */
import { z } from 'zod';
import { cronSetting, parseEnvConfig } from '../env-config.ts';

export const DEFAULT_BACKUP_SCHEDULE = '0 3 * * *';

const BackupScheduleEnv = z.object({
	BACKUP_SCHEDULE: cronSetting(DEFAULT_BACKUP_SCHEDULE),
});

export function backupSchedule(env: Record<string, unknown>): string {
	return parseEnvConfig(BackupScheduleEnv, env, 'backup schedule').BACKUP_SCHEDULE;
}
