import { describe, expect, it } from 'vitest';
import { projectBackupListSchema, projectBackupSchema, projectRestoreJobSchema } from './backups.ts';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

const backup = { id: '20260131T120000000Z-0a1b2c3d', kind: 'manual', created_at: '2026-01-31T12:00:00.000Z', size: 1024 };
const step = { name: 'verifying', state: 'done', started_at: '2026-01-31T12:00:00.000Z', finished_at: '2026-01-31T12:00:01.000Z', error: null };
const job = {
	id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
	backup_id: backup.id,
	state: 'running',
	steps: [step],
	rolled_back: false,
	error: null,
	started_at: '2026-01-31T12:00:00.000Z',
	finished_at: null,
};

describe('backup answer schemas', () => {
	it('accept answers shaped as the contract says', () => {
		expect(accepts(projectBackupSchema, backup)).toBe(true);
		expect(accepts(projectBackupListSchema, [backup, { ...backup, kind: 'pre-upgrade' }])).toBe(true);
		expect(accepts(projectRestoreJobSchema, job)).toBe(true);
		expect(accepts(projectRestoreJobSchema, { ...job, state: 'rollback-failed', rolled_back: true, error: 'The site did not start' })).toBe(true);
	});

	it('read an error or end left out as none', () => {
		const { error: _error, finished_at: _finished, ...bare } = job;
		const { error: _stepError, finished_at: _stepFinished, ...bareStep } = step;
		expect(projectRestoreJobSchema.parse({ ...bare, steps: [bareStep] })).toMatchObject({ error: null, finished_at: null, steps: [{ error: null, finished_at: null }] });
	});

	it('refuse what is not', () => {
		expect(accepts(projectBackupSchema, { ...backup, kind: 'hourly' })).toBe(false);
		expect(accepts(projectBackupSchema, { ...backup, size: '1 KB' })).toBe(false);
		expect(accepts(projectBackupListSchema, '<html>')).toBe(false);
		expect(accepts(projectRestoreJobSchema, { ...job, state: 'paused' })).toBe(false);
		expect(accepts(projectRestoreJobSchema, { ...job, steps: [{ ...step, name: 'copying' }] })).toBe(false);
		expect(accepts(projectRestoreJobSchema, { ...job, steps: [{ ...step, state: 'pending' }] })).toBe(false);
		expect(accepts(projectRestoreJobSchema, { ...job, rolled_back: undefined })).toBe(false);
	});
});
