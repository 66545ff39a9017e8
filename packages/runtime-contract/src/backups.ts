/**
 * Backups and restores on the wire: a backup's summary, the manifest inside every archive (the
 * runtime validates it with `backupManifest` before it restores anything) and a restore job.
 */
import { z } from 'zod';

/**
 * `scheduled` ones are pruned to their plan's retention, `manual` and `safety` (taken before a
 * restore) to the runtime's BACKUP_KEEP_MANUAL and BACKUP_KEEP_SAFETY; `pre-upgrade` (taken before
 * an upgrade of the site's Directus, by staff) are kept.
 */
export const BACKUP_KINDS = ['scheduled', 'manual', 'safety', 'pre-upgrade'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/**
 * A backup id: creation time (UTC, to the millisecond) then 8 random hex digits. The strict shape
 * is what keeps an id from ever naming a path outside its project's folder.
 */
export const backupId = z.string().regex(/^[0-9]{8}T[0-9]{9}Z-[0-9a-f]{8}$/, 'must be a backup id such as 20260131T120000000Z-0a1b2c3d');

export const restoreJobId = z.uuid();

/** Most scheduled backups a project may be asked to keep. */
export const MAX_KEEP_SCHEDULED = 1000;

/**
 * What a caller may ask for; `safety` backups are the runtime's own. `keep` (scheduled only) is how
 * many scheduled backups the project keeps after this one, e.g. its plan's retention; without it the
 * runtime's `BACKUP_KEEP_SCHEDULED`. Passing it with the backup keeps taking and pruning one step
 * under the project's lock.
 */
export const createBackupBody = z
	.object({
		kind: z.enum(['scheduled', 'manual']).default('manual'),
		keep: z.number().int().min(1).max(MAX_KEEP_SCHEDULED).optional(),
	})
	.refine((body) => body.keep === undefined || body.kind === 'scheduled', { message: 'only a scheduled backup takes keep', path: ['keep'] });

/**
 * `POST /instances/{project}/backups/{id}/restore` takes no body for a project's own backup. A copy
 * (a new project made from another's backup) names the project the backup is of, and the copy's own
 * admin credentials and name, which the runtime writes over the source's while the site is stopped:
 * the copy never serves with the source's admin password, sessions or static tokens.
 */
export const restoreBody = z
	.object({
		copyFrom: z
			.object({
				sourceProjectId: z.uuid(),
				admin: z.object({ email: z.email(), password: z.string().min(8).max(256) }),
				projectName: z.string().trim().min(1).max(100),
			})
			.strict()
			.optional(),
	})
	.strict();
export type RestoreBody = z.infer<typeof restoreBody>;
export type RestoreCopySource = NonNullable<RestoreBody['copyFrom']>;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');

/** A path inside the uploads folder: relative, `/`-separated, no `.` or `..` segment. */
const uploadPath = z
	.string()
	.min(1)
	.max(1024)
	.refine((value) => !value.startsWith('/') && value.split('/').every((part) => part !== '' && part !== '.' && part !== '..'), 'must be a relative path inside uploads');

export const BACKUP_FORMAT = 1;

export const backupManifest = z.object({
	format: z.literal(BACKUP_FORMAT),
	id: backupId,
	projectId: z.string().min(1),
	kind: z.enum(BACKUP_KINDS),
	createdAt: z.iso.datetime(),
	directusVersion: z.string().min(1),
	database: z.object({
		kind: z.enum(['sqlite3', 'pg']),
		/** The dump's name in the archive: `database.sqlite` (a SQLite file) or `database.pgdump` (pg_dump's custom format). */
		file: z.enum(['database.sqlite', 'database.pgdump']),
		bytes: z.number().int().nonnegative(),
		sha256,
	}),
	/** Every file of the uploads folder, under `uploads/` in the archive. */
	uploads: z.array(z.object({ path: uploadPath, bytes: z.number().int().nonnegative(), sha256 })),
	/** Bytes of the payload (database dump plus uploads), before compression. */
	size: z.number().int().nonnegative(),
});

export type BackupManifest = z.infer<typeof backupManifest>;

/** One entry of a project's backup list. `size` is the archive's size in bytes. */
export interface BackupSummary {
	id: string;
	projectId: string;
	kind: BackupKind;
	createdAt: string;
	size: number;
}

/** `adopting` only in a copy's restore: the copy's own admin, name and project id written over the source's. */
export const RESTORE_STEPS = ['verifying', 'safety-backup', 'stopping', 'replacing', 'adopting', 'starting', 'checking', 'rolling-back'] as const;
export type RestoreStepName = (typeof RESTORE_STEPS)[number];

export interface RestoreStep {
	name: RestoreStepName;
	state: 'running' | 'done' | 'failed';
	startedAt: string;
	finishedAt: string | null;
	error: string | null;
}

/**
 * A restore in progress or finished. `failed` means the site has its data from before the restore:
 * untouched when verification refused the archive, put back from the safety backup otherwise
 * (`rolledBack`). `rollbackFailed` is the one state that needs a person.
 */
export interface RestoreJob {
	id: string;
	projectId: string;
	backupId: string;
	state: 'running' | 'succeeded' | 'failed' | 'rollback-failed';
	steps: RestoreStep[];
	/** The safety backup taken before the site's data was replaced, once there is one. */
	safetyBackupId: string | null;
	rolledBack: boolean;
	error: string | null;
	startedAt: string;
	finishedAt: string | null;
}
