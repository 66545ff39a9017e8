/**
 * Scheduled backups (lib/backups/scheduled-backups.ts) on `BACKUP_SCHEDULE`, once per tick across
 * replicas; a run still going when the next is due is not doubled (lib/coordination/scheduled-job.ts).
 * Without a runtime there is nothing to back up.
 */
import { defineHook } from '@directus/extensions-sdk';
import { scheduledBackupTargets } from '../../lib/backups/scheduled-backup-targets.ts';
import { runScheduledBackups } from '../../lib/backups/scheduled-backups.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ schedule }, context) => {
	const services = platformServices(context);
	const job = services.scheduledJob('backups', async () => {
		const driver = services.driver;
		if (driver) await runScheduledBackups({ targets: () => scheduledBackupTargets(context.database), driver, logger: context.logger });
	});
	schedule(job.rule, job.handler);
});
