/**
 * Retention of scheduled backups: the newest `keep` stay, older ones go. Manual and safety backups
 * are never counted nor deleted here; people took those on purpose.
 */
import type { BackupSummary } from '@epic/runtime-contract';
import type { BackupStore } from './backup-store.ts';

export function scheduledBeyondRetention(backups: BackupSummary[], keep: number): BackupSummary[] {
	const scheduled = backups
		.filter((backup) => backup.kind === 'scheduled')
		.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
	return scheduled.slice(Math.max(0, keep));
}

/** Deletes the project's scheduled backups beyond `keep`; returns their ids. */
export async function applyRetention(store: BackupStore, projectId: string, keep: number): Promise<string[]> {
	const expired = scheduledBeyondRetention(await store.list(projectId), keep);
	for (const backup of expired) await store.delete(projectId, backup.id);
	return expired.map((backup) => backup.id);
}
