/**
 * Puts a verified archive's database and uploads in place of a stopped site's. The new uploads
 * are copied beside the old folder and swapped in by renames, so the folder is never half old,
 * half new.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BackupManifest } from '@epic/runtime-contract';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import { uploadsDir } from './site-paths.ts';

export async function replaceSiteData(databases: InstanceDatabases, record: InstanceRecord, extractedDir: string, manifest: BackupManifest): Promise<void> {
	await databases.load(record.storage, path.join(extractedDir, manifest.database.file));
	const target = uploadsDir(record);
	const suffix = randomBytes(4).toString('hex');
	const incoming = `${target}.incoming-${suffix}`;
	const previous = `${target}.previous-${suffix}`;
	await mkdir(incoming, { recursive: true, mode: 0o700 });
	await cp(path.join(extractedDir, 'uploads'), incoming, { recursive: true, force: true, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
		// An archive of a site without uploads has an empty (or no) uploads folder.
		if (error.code !== 'ENOENT') throw error;
	});
	await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
		if (error.code !== 'ENOENT') throw error;
	});
	await rename(incoming, target);
	await rm(previous, { recursive: true, force: true });
}
