/** A new backup's id: its creation time, sortable as text, and 8 random hex digits. */
import { randomBytes } from 'node:crypto';

export function newBackupId(createdAt: Date): string {
	return `${createdAt.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
}
