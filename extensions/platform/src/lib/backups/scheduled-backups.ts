/**
 * The scheduled backup run (docs/operations.md, Backups): every published project gets a backup of
 * kind `scheduled`, and the runtime then deletes that project's scheduled backups beyond its plan's
 * retention (`keep`, passed with the backup so taking and pruning happen under the project's lock).
 * Projects go one at a time (a backup is heavy work on a small machine); a project whose backup
 * fails is logged and the others still get theirs.
 */
import type { RuntimeDriver } from '../runtime-driver/runtime-driver.ts';

export interface ScheduledBackupTarget {
	projectId: string;
	/** Scheduled backups the project keeps (its plan's `backup_retention`); 0 takes none. */
	keep: number;
}

export interface ScheduledBackupParts {
	targets: () => Promise<ScheduledBackupTarget[]>;
	driver: RuntimeDriver;
	logger: { info(message: string): void; error(message: string): void };
}

export type ScheduledBackupOutcome = { projectId: string; backupId: string } | { projectId: string; error: string };

export async function runScheduledBackups(parts: ScheduledBackupParts): Promise<ScheduledBackupOutcome[]> {
	const outcomes: ScheduledBackupOutcome[] = [];
	for (const target of await parts.targets()) {
		if (target.keep < 1) continue;
		try {
			const backup = await parts.driver.createBackup(target.projectId, 'scheduled', target.keep);
			outcomes.push({ projectId: target.projectId, backupId: backup.id });
		} catch (error) {
			const message = (error as Error).message;
			parts.logger.error(`Scheduled backup of project ${target.projectId} failed: ${message}`);
			outcomes.push({ projectId: target.projectId, error: message });
		}
	}
	const failed = outcomes.filter((outcome) => 'error' in outcome).length;
	parts.logger.info(`Scheduled backups: ${outcomes.length - failed} taken, ${failed} failed`);
	return outcomes;
}
