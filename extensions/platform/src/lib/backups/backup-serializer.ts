/** The runtime's backup and restore records (camelCase) in the control plane API's shape (snake_case). */
import type { ProjectBackup, ProjectRestoreJob } from '@epic/platform-api';
import type { BackupSummary, RestoreJob } from '../runtime-driver/runtime-driver.ts';

export function toProjectBackup(backup: BackupSummary): ProjectBackup {
	return { id: backup.id, kind: backup.kind, created_at: backup.createdAt, size: backup.size };
}

/** The safety backup's id stays out: it shows up in the list like any other backup. */
export function toProjectRestoreJob(job: RestoreJob): ProjectRestoreJob {
	return {
		id: job.id,
		backup_id: job.backupId,
		state: job.state,
		steps: job.steps.map((step) => ({ name: step.name, state: step.state, started_at: step.startedAt, finished_at: step.finishedAt, error: step.error })),
		rolled_back: job.rolledBack,
		error: job.error,
		started_at: job.startedAt,
		finished_at: job.finishedAt,
	};
}
