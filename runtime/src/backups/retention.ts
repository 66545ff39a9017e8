/**
 * Retention, kind by kind: of each kind given a count, the newest that many backups of a project
 * stay and older ones go. Scheduled backups keep their plan's count; manual and safety backups
 * (taken before a restore) keep the runtime's BACKUP_KEEP_MANUAL and BACKUP_KEEP_SAFETY, so a
 * customer who backs up or restores in a loop cannot fill the disk. A kind left out is not touched.
 */
import type { BackupKind, BackupSummary } from '@epic/runtime-contract';
import type { BackupStore } from './backup-store.ts';

export type RetentionCounts = Partial<Record<BackupKind, number>>;

export function beyondRetention(backups: BackupSummary[], keep: RetentionCounts): BackupSummary[] {
	const expired: BackupSummary[] = [];
	for (const [kind, count] of Object.entries(keep) as [BackupKind, number][]) {
		const ofKind = backups.filter((backup) => backup.kind === kind).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
		expired.push(...ofKind.slice(Math.max(0, count)));
	}
	return expired;
}

/** Deletes the project's backups beyond `keep`, kind by kind; returns their ids. */
export async function applyRetention(store: BackupStore, projectId: string, keep: RetentionCounts): Promise<string[]> {
	const expired = beyondRetention(await store.list(projectId), keep);
	for (const backup of expired) await store.delete(projectId, backup.id);
	return expired.map((backup) => backup.id);
}
