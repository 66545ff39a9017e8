import type { ProjectRestoreJob } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import type { ProjectBackupsService } from '../../backups/project-backups-service.ts';
import { StaffRestore } from './staff-project-restore.ts';

const project = '11111111-1111-4111-8111-111111111111';
const backup = '20260131T120000000Z-0a1b2c3d';

function job(state: ProjectRestoreJob['state'], changes: Partial<ProjectRestoreJob> = {}): ProjectRestoreJob {
	return { id: 'job-1', backup_id: backup, state, steps: [], rolled_back: false, error: null, started_at: '2026-03-15T10:00:00.000Z', finished_at: null, ...changes };
}

/**
 * The runtime's restore job as the backups service reports it, one answer per poll; the clock moves
 * by each sleep, so waiting takes no real time. (The whole path runs for real in
 * tests/integration/staff-back-office.test.ts; what it cannot wait for is the Flow's time limit.)
 */
function restoreWith(answers: ProjectRestoreJob[], timeoutMs = 60_000) {
	let clock = 0;
	const polls: number[] = [];
	const backups = {
		restore: async () => answers.shift()!,
		restoreJob: async () => {
			polls.push(clock);
			return answers.shift()!;
		},
	} as unknown as ProjectBackupsService;
	const restore = new StaffRestore({
		backups,
		caller: { userId: 'staff', staff: true },
		now: () => clock,
		sleep: async (ms) => {
			clock += ms;
		},
		pollEveryMs: 1000,
		timeoutMs,
	});
	return { restore, polls };
}

describe('StaffRestore', () => {
	it('follows the job until the site has the backup', async () => {
		const { restore, polls } = restoreWith([job('running'), job('running'), job('succeeded')]);
		await expect(restore.restore(project, backup)).resolves.toBeUndefined();
		expect(polls).toEqual([1000, 2000]);
	});

	it('says how a failed restore left the site', async () => {
		await expect(restoreWith([job('failed', { error: 'The archive is damaged' })]).restore.restore(project, backup)).rejects.toThrow(
			'The restore failed: The archive is damaged. The site has its data from before the restore (untouched)',
		);
		await expect(restoreWith([job('running'), job('failed', { error: 'The site did not start', rolled_back: true })]).restore.restore(project, backup)).rejects.toThrow(
			'The restore failed: The site did not start. The site has its data from before the restore (put back from the safety backup)',
		);
		await expect(restoreWith([job('rollback-failed', { error: 'Disk full' })]).restore.restore(project, backup)).rejects.toThrow(
			"The restore failed (Disk full) and putting the site's data back failed too: the site needs a person (restore job-1)",
		);
	});

	it('stops waiting at its time limit and names the job to follow', async () => {
		const { restore, polls } = restoreWith(
			Array.from({ length: 10 }, () => job('running')),
			3000,
		);
		await expect(restore.restore(project, backup)).rejects.toThrow(`The restore had not finished after 3 seconds; follow it at GET /projects/${project}/restores/job-1`);
		expect(polls).toEqual([1000, 2000, 3000]);
	});
});
