/**
 * Where backup archives are kept. Every call names the project: a store keeps each project's
 * backups apart, so one project's backup id never resolves for another. The local folder store is
 * the only one today; an S3 store implements the same interface (an object per archive under a
 * per-project prefix, the summary as object metadata or a sidecar object).
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
