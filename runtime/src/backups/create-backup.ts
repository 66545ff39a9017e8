/**
 * Takes one backup of a running (or sleeping) site without stopping it: the database is dumped
 * (VACUUM INTO / pg_dump, which hold no lock the site waits on), the uploads are copied and hashed,
 * and the lot becomes one archive with its manifest, handed to the store.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BACKUP_FORMAT, type BackupKind, type BackupManifest, type BackupSummary } from '@epic/runtime-contract';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import { writeArchive } from './archive.ts';
import { newBackupId } from './backup-id.ts';
import type { BackupStore } from './backup-store.ts';
import { openRegularFileInside } from '../site-files/no-follow.ts';
import { fileBytes, regularFilesUnder, sha256OfFile } from './files.ts';
import { dumpFileName, uploadsDir } from './site-paths.ts';

export interface BackupParts {
	databases: InstanceDatabases;
	store: BackupStore;
	now: () => number;
}

/**
 * Copies the uploads into the staging folder, hashing them on the way. The site can change its
 * folder while this runs: each file is opened without following a link and only if it lies inside
 * the uploads folder (site-files/no-follow.ts), so a file swapped for a link to the runtime's own
 * files after the listing is left out, like a file the site deletes meanwhile.
 */
async function copyUploads(record: InstanceRecord, target: string): Promise<BackupManifest['uploads']> {
	await mkdir(target, { recursive: true });
	const uploads: BackupManifest['uploads'] = [];
	const root = uploadsDir(record);
	for (const relative of await regularFilesUnder(root)) {
		const source = await openRegularFileInside(root, relative);
		if (!source) continue;
		const copy = path.join(target, relative);
		try {
			await mkdir(path.dirname(copy), { recursive: true });
			const hash = createHash('sha256');
			let bytes = 0;
			const counted = new Transform({
				transform(chunk: Buffer, _encoding, done) {
					hash.update(chunk);
					bytes += chunk.length;
					done(null, chunk);
				},
			});
			await pipeline(source.createReadStream({ autoClose: false }), counted, createWriteStream(copy, { mode: 0o600 }));
			uploads.push({ path: relative, bytes, sha256: hash.digest('hex') });
		} finally {
			await source.close();
		}
	}
	return uploads;
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
		const uploads = await copyUploads(record, path.join(staging, 'uploads'));
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
