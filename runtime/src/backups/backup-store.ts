/**
 * Where backup archives are kept. Every call names the project: a store keeps each project's
 * backups apart, so one project's backup id never resolves for another. Two stores implement it:
 * a local folder (local-backup-store.ts) and an S3-compatible bucket (s3-backup-store.ts), both as
 * `<projectId>/<backupId>.tar.gz` with the summary beside it in `<backupId>.json`.
 */
import type { Readable } from 'node:stream';
import type { BackupSummary } from '@epic/runtime-contract';

export interface StoredArchive {
	stream: Readable;
	size: number;
}

export interface BackupStore {
	/** Takes over `archiveFile` (a finished archive on local disk) as `summary.id` of `summary.projectId`. */
	put(summary: BackupSummary, archiveFile: string): Promise<void>;
	/** The project's backups, newest first. */
	list(projectId: string): Promise<BackupSummary[]>;
	get(projectId: string, backupId: string): Promise<BackupSummary | null>;
	/** The archive's bytes, for a download; null when there is no such backup. */
	open(projectId: string, backupId: string): Promise<StoredArchive | null>;
	/** Copies the archive to a local file (a restore reads it there); false when there is none. */
	copyTo(projectId: string, backupId: string, file: string): Promise<boolean>;
	delete(projectId: string, backupId: string): Promise<void>;
	/** A local folder for work files (dumps, archives being built), on the store's own disk if it has one. */
	readonly workDir: string;
}

/** The order of `list`: newest first, by creation time, then by id. */
export function newestFirst(a: BackupSummary, b: BackupSummary): number {
	return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}
