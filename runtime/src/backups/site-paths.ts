/** Where a site's data lives, for what backups read and restores replace. */
import path from 'node:path';
import type { InstanceRecord } from '../state/instance-record.ts';

/** Directus's local storage root (STORAGE_LOCAL_ROOT in instance-env.ts). */
export function uploadsDir(record: InstanceRecord): string {
	return path.join(record.dir, 'uploads');
}

export function dumpFileName(record: InstanceRecord): 'database.sqlite' | 'database.pgdump' {
	return record.storage.client === 'pg' ? 'database.pgdump' : 'database.sqlite';
}
