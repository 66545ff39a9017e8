/**
 * Puts a verified archive's database and uploads in place of a stopped site's, the uploads where
 * the site keeps them (site-uploads/).
 */
import path from 'node:path';
import type { BackupManifest } from '@epic/runtime-contract';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import type { SiteUploads } from './site-uploads/site-uploads.ts';

export async function replaceSiteData(
	parts: { databases: InstanceDatabases; uploads: SiteUploads },
	record: InstanceRecord,
	extractedDir: string,
	manifest: BackupManifest,
): Promise<void> {
	await parts.databases.load(record.storage, path.join(extractedDir, manifest.database.file));
	await parts.uploads.replace(record, path.join(extractedDir, 'uploads'));
}
