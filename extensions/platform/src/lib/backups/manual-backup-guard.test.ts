import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaMutex } from '../coordination/replica-mutex.ts';
import { coordinationDatabase } from '../coordination/testing.ts';
import type { BackupSummary } from '../runtime-driver/runtime-driver.ts';
import { ManualBackupGuard, manualBackupsInLastHour } from './manual-backup-guard.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');

const backup = (kind: BackupSummary['kind'], createdAt: string): BackupSummary => ({ id: `${kind}-${createdAt}`, projectId: 'p-1', kind, createdAt, size: 1 });

describe('manualBackupsInLastHour', () => {
	it('counts manual backups newer than an hour, and nothing else', () => {
		const backups = [
			backup('manual', '2026-11-23T11:59:59.000Z'),
			backup('manual', '2026-11-23T11:00:00.001Z'),
			backup('manual', '2026-11-23T11:00:00.000Z'),
			backup('scheduled', '2026-11-23T11:30:00.000Z'),
			backup('safety', '2026-11-23T11:30:00.000Z'),
		];
		expect(manualBackupsInLastHour(backups, NOW)).toBe(2);
	});
});

describe('ManualBackupGuard', () => {
	let db: Knex;

	beforeEach(async () => {
		db = await coordinationDatabase();
	});

	afterEach(async () => {
		await db.destroy();
	});

	it('refuses a second backup of a project while one runs, lets another project through, and frees the project after', async () => {
		const guard = new ManualBackupGuard(() => NOW, new ReplicaMutex(db));
		let finish: (value: string) => void = () => undefined;
		const first = guard.run(
			'p-1',
			async () => [],
			() => new Promise<string>((resolve) => (finish = resolve)),
		);
		await expect(
			guard.run(
				'p-1',
				async () => [],
				async () => 'second',
			),
		).rejects.toMatchObject({ code: 'BACKUP_IN_PROGRESS', status: 409 });
		await expect(
			guard.run(
				'p-2',
				async () => [],
				async () => 'other project',
			),
		).resolves.toBe('other project');
		// Let the first run reach `take` (after its list) before it is finished.
		await new Promise((resolve) => setImmediate(resolve));
		finish('first');
		await expect(first).resolves.toBe('first');
		await expect(
			guard.run(
				'p-1',
				async () => [],
				async () => 'again',
			),
		).resolves.toBe('again');
	});

	it('refuses once the hour holds the allowance of manual backups, without taking one', async () => {
		const guard = new ManualBackupGuard(() => NOW, new ReplicaMutex(db));
		const taken: string[] = [];
		const full = [backup('manual', '2026-11-23T11:10:00.000Z'), backup('manual', '2026-11-23T11:20:00.000Z'), backup('manual', '2026-11-23T11:30:00.000Z')];
		await expect(
			guard.run(
				'p-1',
				async () => full,
				async () => taken.push('x'),
			),
		).rejects.toMatchObject({ code: 'BACKUP_LIMIT_REACHED', status: 429 });
		expect(taken).toEqual([]);
		await expect(
			guard.run(
				'p-1',
				async () => full.slice(1),
				async () => taken.push('y'),
			),
		).resolves.toBe(1);
		expect(taken).toEqual(['y']);
	});
});
