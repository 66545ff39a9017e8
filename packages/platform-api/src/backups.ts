/**
 * A project's backups as the portal sees them (docs/product.md, Backups): `/projects/{id}/backups`,
 * its download and restore routes, and `/projects/{id}/restores/{jobId}`.
 */
import { z } from 'zod';

/**
 * `scheduled` (daily, kept per the plan's retention), `manual` (Back up now), `safety` (taken before
 * a restore), `pre-upgrade` (taken before the platform upgraded the site's Directus).
 */
export const projectBackupKindSchema = z.enum(['scheduled', 'manual', 'safety', 'pre-upgrade']);
export type ProjectBackupKind = z.infer<typeof projectBackupKindSchema>;

/** One entry of `GET /projects/{id}/backups`, newest first. `size` is the archive's bytes. */
export const projectBackupSchema = z.object({
	id: z.string(),
	kind: projectBackupKindSchema,
	created_at: z.string(),
	size: z.number(),
});
export type ProjectBackup = z.infer<typeof projectBackupSchema>;

/** `GET /projects/{id}/backups`. */
export const projectBackupListSchema = z.array(projectBackupSchema);

/**
 * The steps of a restore, in the order they run; `adopting` only when a copy is made (the copy's own
 * admin and name written over the source's), `rolling-back` only after a failed one.
 */
export const RESTORE_STEP_NAMES = ['verifying', 'safety-backup', 'stopping', 'replacing', 'adopting', 'starting', 'checking', 'rolling-back'] as const;
export type RestoreStepName = (typeof RESTORE_STEP_NAMES)[number];

export const restoreStepSchema = z.object({
	name: z.enum(RESTORE_STEP_NAMES),
	state: z.enum(['running', 'done', 'failed']),
	started_at: z.string(),
	finished_at: z.string().nullable().default(null),
	error: z.string().nullable().default(null),
});
export type RestoreStep = z.infer<typeof restoreStepSchema>;

/**
 * `POST /projects/{id}/backups/{backupId}/restore` (202) and `GET /projects/{id}/restores/{jobId}`.
 * `failed` leaves the site with its data from before the restore (`rolled_back` when it had to be
 * put back); `rollback-failed` needs support.
 */
export const projectRestoreJobSchema = z.object({
	id: z.string(),
	backup_id: z.string(),
	state: z.enum(['running', 'succeeded', 'failed', 'rollback-failed']),
	steps: z.array(restoreStepSchema),
	rolled_back: z.boolean(),
	error: z.string().nullable().default(null),
	started_at: z.string(),
	finished_at: z.string().nullable().default(null),
});
export type ProjectRestoreJob = z.infer<typeof projectRestoreJobSchema>;

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
