import { describe, expect, it, vi } from 'vitest';
import { scheduledJob, type ScheduledJobParts } from './scheduled-job.ts';

type Ledger = ScheduledJobParts['ledger'];

function fakeLedger(runId: string | null, overrides: Partial<Ledger> = {}): Ledger & { finished: unknown[][] } {
	const finished: unknown[][] = [];
	return {
		finished,
		renewEveryMs: 20_000,
		claim: vi.fn(async () => runId),
		renew: vi.fn(async () => {}),
		finish: vi.fn(async (...args: unknown[]) => {
			finished.push(args);
		}),
		...overrides,
	};
}

const fakeMetrics = () => ({ scheduledJobFired: vi.fn(), scheduledJobRan: vi.fn() });

const now = () => new Date(Date.UTC(2026, 10, 28, 10, 0, 15, 7));

describe('scheduledJob', () => {
	it('claims the tick nearest the firing and runs the job when it is this replica’s', async () => {
		const ledger = fakeLedger('run-1');
		const run = vi.fn(async () => {});
		await scheduledJob('provisioning', '*/15 * * * * *', { ledger, now, logger: { error: vi.fn() }, metrics: fakeMetrics() }, run)();
		expect(ledger.claim).toHaveBeenCalledWith('provisioning', Date.UTC(2026, 10, 28, 10, 0, 15), now());
		expect(run).toHaveBeenCalledTimes(1);
		expect(ledger.finished).toEqual([['provisioning', 'run-1', 'succeeded', null, now()]]);
	});

	it('leaves a tick it did not win alone', async () => {
		const ledger = fakeLedger(null);
		const run = vi.fn(async () => {});
		await scheduledJob('provisioning', '*/15 * * * * *', { ledger, now, logger: { error: vi.fn() }, metrics: fakeMetrics() }, run)();
		expect(run).not.toHaveBeenCalled();
		expect(ledger.finish).not.toHaveBeenCalled();
	});

	it('records and logs a failed run, and never throws', async () => {
		const ledger = fakeLedger('run-2');
		const error = vi.fn();
		await scheduledJob('backups', '0 3 * * *', { ledger, now, logger: { error }, metrics: fakeMetrics() }, async () => {
			throw new Error('runtime unreachable');
		})();
		expect(ledger.finished).toEqual([['backups', 'run-2', 'failed', 'runtime unreachable', now()]]);
		expect(error).toHaveBeenCalledWith('Scheduled job backups failed: runtime unreachable');
	});

	it('logs a database that refuses the claim, runs nothing and never throws', async () => {
		const ledger = fakeLedger('run-3', {
			claim: vi.fn(async () => {
				throw new Error('connection refused');
			}),
		});
		const error = vi.fn();
		const run = vi.fn(async () => {});
		await scheduledJob('backups', '0 3 * * *', { ledger, now, logger: { error }, metrics: fakeMetrics() }, run)();
		expect(run).not.toHaveBeenCalled();
		expect(error).toHaveBeenCalledWith('Scheduled job backups: the tick could not be claimed: connection refused');
	});
});
