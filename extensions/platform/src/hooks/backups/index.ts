/**
 * Scheduled backups (lib/backups/scheduled-backups.ts) on `BACKUP_SCHEDULE`. A run still going when
 * the next is due is not doubled; a run that fails as a whole is logged and the next one tries again.
 * Without a runtime there is nothing to back up.
 */
import { defineHook } from '@directus/extensions-sdk';
import { backupSchedule } from '../../lib/backups/backup-schedule.ts';
import { scheduledBackupTargets } from '../../lib/backups/scheduled-backup-targets.ts';
import { runScheduledBackups } from '../../lib/backups/scheduled-backups.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ schedule }, context) => {
	const services = platformServices(context);
	let running = false;
	schedule(backupSchedule(context.env), async () => {
		if (running) return;
		running = true;
		try {
			const driver = services.driver;
			if (driver) await runScheduledBackups({ targets: () => scheduledBackupTargets(context.database), driver, logger: context.logger });
		} catch (error) {
			context.logger.error(`Scheduled backups failed: ${(error as Error).message}`);
		} finally {
			running = false;
		}
	});
});
