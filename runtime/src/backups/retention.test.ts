import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupKind, BackupSummary } from '@epic/runtime-contract';
import { newBackupId } from './backup-id.ts';
import { LocalBackupStore } from './local-backup-store.ts';
import { applyRetention, beyondRetention } from './retention.ts';

/** An injected clock: one backup per hour from a fixed start. */
const start = Date.parse('2026-01-01T00:00:00.000Z');
const hour = 3600_000;

function summary(projectId: string, kind: BackupKind, hoursAfterStart: number): BackupSummary {
	const createdAt = new Date(start + hoursAfterStart * hour);
	return { id: newBackupId(createdAt), projectId, kind, createdAt: createdAt.toISOString(), size: 10 };
}

describe('beyondRetention', () => {
	it('picks the oldest scheduled backups beyond the count and never a manual or safety one', () => {
		const backups = [
			summary('p-1', 'scheduled', 0),
			summary('p-1', 'manual', 1),
			summary('p-1', 'scheduled', 2),
			summary('p-1', 'safety', 3),
			summary('p-1', 'scheduled', 4),
			summary('p-1', 'scheduled', 5),
		];
		const shuffled = [backups[4]!, backups[0]!, backups[3]!, backups[5]!, backups[1]!, backups[2]!];
		expect(beyondRetention(shuffled, { scheduled: 2 }).map((backup) => backup.id)).toEqual([backups[2]!.id, backups[0]!.id]);
		expect(beyondRetention(shuffled, { scheduled: 4 })).toEqual([]);
		expect(beyondRetention(shuffled, { scheduled: 0 }).map((backup) => backup.id)).toEqual([backups[5]!.id, backups[4]!.id, backups[2]!.id, backups[0]!.id]);
	});
});

describe('beyondRetention, kind by kind', () => {
	it('keeps the newest of each kind given a count, and leaves the kinds not given alone', () => {
		const manual = Array.from({ length: 5 }, (_, index) => summary('p-1', 'manual', index));
		const safety = Array.from({ length: 4 }, (_, index) => summary('p-1', 'safety', index + 0.5));
		const preUpgrade = Array.from({ length: 3 }, (_, index) => summary('p-1', 'pre-upgrade', index + 0.25));
		const expired = beyondRetention([...safety, ...manual, ...preUpgrade], { manual: 2, safety: 1 }).map((backup) => backup.id);
		expect(expired.sort()).toEqual([...manual.slice(0, 3), ...safety.slice(0, 3)].map((backup) => backup.id).sort());
	});
});

describe('applyRetention on the local store', () => {
	let dir: string;
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	async function put(store: LocalBackupStore, backup: BackupSummary): Promise<void> {
		const file = path.join(dir, `${backup.id}.upload`);
		writeFileSync(file, 'archive bytes');
		await store.put(backup, file);
	}

	it('keeps exactly N scheduled backups, the newest, plus every manual and safety one, of that project only', async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'epic-retention-'));
		const store = new LocalBackupStore(path.join(dir, 'store'));
		const scheduled = Array.from({ length: 6 }, (_, index) => summary('p-1', 'scheduled', index));
		const kept = [summary('p-1', 'manual', 0.5), summary('p-1', 'safety', 1.5)];
		const otherProject = Array.from({ length: 3 }, (_, index) => summary('p-2', 'scheduled', index));
		for (const backup of [...scheduled, ...kept, ...otherProject]) await put(store, backup);
		expect(await store.list('p-1')).toHaveLength(8);

		const deleted = await applyRetention(store, 'p-1', { scheduled: 3 });

		expect(deleted.sort()).toEqual(
			scheduled
				.slice(0, 3)
				.map((backup) => backup.id)
				.sort(),
		);
		const left = await store.list('p-1');
		expect(left.filter((backup) => backup.kind === 'scheduled').map((backup) => backup.id)).toEqual(
			scheduled
				.slice(3)
				.reverse()
				.map((backup) => backup.id),
		);
		expect(
			left
				.filter((backup) => backup.kind !== 'scheduled')
				.map((backup) => backup.id)
				.sort(),
		).toEqual(kept.map((backup) => backup.id).sort());
		expect(await store.list('p-2')).toHaveLength(3);
		for (const backup of scheduled.slice(0, 3)) expect(await store.open('p-1', backup.id)).toBeNull();
	});

	it('never resolves one project’s backup id for another project', async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'epic-retention-'));
		const store = new LocalBackupStore(path.join(dir, 'store'));
		const backup = summary('p-1', 'manual', 0);
		await put(store, backup);
		expect(await store.get('p-1', backup.id)).toEqual(backup);
		expect(await store.get('p-2', backup.id)).toBeNull();
		expect(await store.open('p-2', backup.id)).toBeNull();
		expect(await store.copyTo('p-2', backup.id, path.join(dir, 'copy'))).toBe(false);
		expect(await store.get('p-1', '../p-1/x')).toBeNull();
	});
});
