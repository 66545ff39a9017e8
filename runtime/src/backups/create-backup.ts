/**
 * Takes one backup of a running (or sleeping) site without stopping it: the database is dumped
 * (VACUUM INTO / pg_dump, which hold no lock the site waits on), the uploads are copied and hashed,
 * and the lot becomes one archive with its manifest, handed to the store.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_FORMAT, type BackupKind, type BackupManifest, type BackupSummary } from '@epic/runtime-contract';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import { writeArchive } from './archive.ts';
import { newBackupId } from './backup-id.ts';
import type { BackupStore } from './backup-store.ts';
import { fileBytes, sha256OfFile } from './files.ts';
import { dumpFileName } from './site-paths.ts';
import type { SiteUploads } from './site-uploads/site-uploads.ts';

export interface BackupParts {
	databases: InstanceDatabases;
	store: BackupStore;
	/** Where sites' uploads are read from and restored to (their folders, or the swarm sites' bucket). */
	uploads: SiteUploads;
	now: () => number;
}

export async function createBackup(parts: BackupParts, record: InstanceRecord, kind: BackupKind): Promise<BackupSummary> {
	const createdAt = new Date(parts.now());
	const id = newBackupId(createdAt);
	await mkdir(parts.store.workDir, { recursive: true, mode: 0o700 });
	const work = await mkdtemp(path.join(parts.store.workDir, 'backup-'));
	try {
		const staging = path.join(work, 'staging');
		await mkdir(staging);
		const dumpFile = dumpFileName(record);
		await parts.databases.dump(record.storage, path.join(staging, dumpFile));
		// Every archive has an uploads folder, empty for a site without uploads: the archive lists it.
		const uploadsDir = path.join(staging, 'uploads');
		await mkdir(uploadsDir);
		const uploads = await parts.uploads.copyOut(record, uploadsDir);
		const databaseBytes = await fileBytes(path.join(staging, dumpFile));
		const manifest: BackupManifest = {
			format: BACKUP_FORMAT,
			id,
			projectId: record.id,
			kind,
			createdAt: createdAt.toISOString(),
			// The version the data is at, which is what a restore of it must know (not the one installed).
			directusVersion: record.directusVersion,
			database: { kind: record.storage.client, file: dumpFile, bytes: databaseBytes, sha256: await sha256OfFile(path.join(staging, dumpFile)) },
			uploads,
			size: databaseBytes + uploads.reduce((sum, upload) => sum + upload.bytes, 0),
		};
		await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
		const archive = path.join(work, 'archive.tar.gz');
		await writeArchive(staging, ['manifest.json', dumpFile, 'uploads'], archive);
		const summary: BackupSummary = { id, projectId: record.id, kind, createdAt: manifest.createdAt, size: await fileBytes(archive) };
		await parts.store.put(summary, archive);
		return summary;
	} finally {
		await rm(work, { recursive: true, force: true });
	}
}
