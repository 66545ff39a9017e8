import { describe, expect, it } from 'vitest';
import type { InstanceRecord, RuntimeState } from './instance-record.ts';
import { completeOlderRecords } from './older-records.ts';
import { projectRecordFixture } from './project-record.fixture.ts';

describe('completeOlderRecords', () => {
	it('takes a record without a Directus version to be at the installed one, with no upgrade pending', () => {
		const { directusVersion: _version, upgradeFailure: _failure, rollbackBackupId: _backup, ...older } = projectRecordFixture('p-old', '/data/p-old');
		const state: RuntimeState = { version: 1, instances: { 'p-old': older as InstanceRecord } };

		expect(completeOlderRecords(state, '12.5.0')).toBe(true);

		expect(state.instances['p-old']).toEqual({ ...older, directusVersion: '12.5.0', upgradeFailure: null, rollbackBackupId: null });
	});

	it('leaves records that have the fields as they are', () => {
		const failure = { toVersion: '12.5.0', error: 'migration failed', at: '2026-01-31T12:00:00.000Z' };
		const record = projectRecordFixture('p-new', '/data/p-new', { directusVersion: '12.3.0', upgradeFailure: failure });
		const state: RuntimeState = { version: 1, instances: { 'p-new': record } };

		expect(completeOlderRecords(state, '12.5.0')).toBe(false);

		expect(state.instances['p-new']).toBe(record);
	});
});
