/**
 * Staff's "Restore a backup" in the Project actions Flow: the owner's restore path
 * (lib/backups/project-backups-service.ts, as staff), followed until the runtime's job ends, so the
 * Flow's answer and its log say whether the site has the backup's data, not only that a restore began.
 */
import type { ProjectBackup, ProjectRestoreJob } from '@epic/platform-api';
import type { BackupCaller } from '../../backups/backup-caller.ts';
import type { ProjectBackupsService } from '../../backups/project-backups-service.ts';

export interface StaffRestoreParts {
	backups: ProjectBackupsService;
	/** The staff member running the Flow. */
	caller: BackupCaller;
	now: () => number;
	sleep: (ms: number) => Promise<void>;
	pollEveryMs: number;
	/** How long the Flow waits for the job; a job still running then is reported with its id. */
	timeoutMs: number;
}

export class StaffRestore {
	readonly #parts: StaffRestoreParts;

	constructor(parts: StaffRestoreParts) {
		this.#parts = parts;
	}

	/** The project's backups, newest first: what a restore without a backup id offers to choose from. */
	backupsOf(projectId: string): Promise<ProjectBackup[]> {
		return this.#parts.backups.list(this.#parts.caller, projectId);
	}

	/** Resolves once the site runs on the backup's data; throws with the reason otherwise. */
	async restore(projectId: string, backupId: string): Promise<void> {
		const { backups, caller, now, sleep, pollEveryMs, timeoutMs } = this.#parts;
		let job = await backups.restore(caller, projectId, backupId);
		const deadline = now() + timeoutMs;
		while (job.state === 'running' && now() < deadline) {
			await sleep(pollEveryMs);
			job = await backups.restoreJob(caller, projectId, job.id);
		}
		if (job.state !== 'succeeded') throw new Error(outcomeOf(projectId, job, timeoutMs));
	}
}

function outcomeOf(projectId: string, job: ProjectRestoreJob, timeoutMs: number): string {
	if (job.state === 'running') {
		const waited = timeoutMs >= 60_000 ? `${Math.round(timeoutMs / 60_000)} minutes` : `${Math.round(timeoutMs / 1000)} seconds`;
		return `The restore had not finished after ${waited}; follow it at GET /projects/${projectId}/restores/${job.id}`;
	}
	if (job.state === 'rollback-failed') {
		return `The restore failed (${job.error ?? 'no reason given'}) and putting the site's data back failed too: the site needs a person (restore ${job.id})`;
	}
	const before = job.rolled_back ? 'put back from the safety backup' : 'untouched';
	return `The restore failed: ${job.error ?? 'no reason given'}. The site has its data from before the restore (${before})`;
}
