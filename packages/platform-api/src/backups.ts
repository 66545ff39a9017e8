/**
 * A project's backups as the portal sees them (docs/product.md, Backups): `/projects/{id}/backups`,
 * its download and restore routes, and `/projects/{id}/restores/{jobId}`.
 */

/**
 * `scheduled` (daily, kept per the plan's retention), `manual` (Back up now), `safety` (taken before
 * a restore), `pre-upgrade` (taken before the platform upgraded the site's Directus).
 */
export type ProjectBackupKind = 'scheduled' | 'manual' | 'safety' | 'pre-upgrade';

/** One entry of `GET /projects/{id}/backups`, newest first. `size` is the archive's bytes. */
export interface ProjectBackup {
	id: string;
	kind: ProjectBackupKind;
	created_at: string;
	size: number;
}

/**
 * The steps of a restore, in the order they run; `adopting` only when a copy is made (the copy's own
 * admin and name written over the source's), `rolling-back` only after a failed one.
 */
export const RESTORE_STEP_NAMES = ['verifying', 'safety-backup', 'stopping', 'replacing', 'adopting', 'starting', 'checking', 'rolling-back'] as const;
export type RestoreStepName = (typeof RESTORE_STEP_NAMES)[number];

export interface RestoreStep {
	name: RestoreStepName;
	state: 'running' | 'done' | 'failed';
	started_at: string;
	finished_at: string | null;
	error: string | null;
}

/**
 * `POST /projects/{id}/backups/{backupId}/restore` (202) and `GET /projects/{id}/restores/{jobId}`.
 * `failed` leaves the site with its data from before the restore (`rolled_back` when it had to be
 * put back); `rollback-failed` needs support.
 */
export interface ProjectRestoreJob {
	id: string;
	backup_id: string;
	state: 'running' | 'succeeded' | 'failed' | 'rollback-failed';
	steps: RestoreStep[];
	rolled_back: boolean;
	error: string | null;
	started_at: string;
	finished_at: string | null;
}

/** At most this many Back up now per project in an hour. */
export const MANUAL_BACKUPS_PER_HOUR = 3;

/** Error codes of the backup routes, besides `PROJECT_NOT_FOUND`, `NOT_AUTHENTICATED` and `INVALID_PAYLOAD`. */
export const BACKUP_ERROR_CODES = [
	'BACKUP_NOT_FOUND',
	'RESTORE_JOB_NOT_FOUND',
	'PROJECT_NOT_PUBLISHED',
	'BACKUP_IN_PROGRESS',
	'BACKUP_LIMIT_REACHED',
	'RESTORE_IN_PROGRESS',
	'BACKUPS_UNAVAILABLE',
] as const;
export type BackupErrorCode = (typeof BACKUP_ERROR_CODES)[number];
