import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { twoReplicas, type TwoReplicas } from './testing.ts';
import { RUNS_KEPT_MS, ScheduledJobLedger } from './scheduled-job-ledger.ts';

const LEASE_MS = 60_000;
const T0 = Date.UTC(2026, 10, 28, 10, 0, 0);
const tick = (n: number) => T0 + n * 15_000;
const at = (ms: number) => new Date(ms);

let replicas: TwoReplicas;
let first: Knex;
let second: Knex;

beforeEach(async () => {
	replicas = await twoReplicas();
	({ first, second } = replicas);
});

afterEach(async () => {
	await replicas.close();
});

describe('ScheduledJobLedger', () => {
	it('gives each tick to one replica, whichever fires it first', async () => {
		const a = new ScheduledJobLedger(first, 'replica-a', LEASE_MS);
		const b = new ScheduledJobLedger(second, 'replica-b', LEASE_MS);
		const [runA, runB] = await Promise.all([a.claim('sync', tick(1), at(tick(1) + 3)), b.claim('sync', tick(1), at(tick(1) + 5))]);
		expect([runA, runB].filter(Boolean)).toHaveLength(1);
		const winner = runA ? a : b;
		await winner.finish('sync', (runA ?? runB)!, 'succeeded', null, at(tick(1) + 200));
		// A late firing of the same tick finds it run.
		expect(await b.claim('sync', tick(1), at(tick(1) + 900))).toBeNull();
		expect(await a.claim('sync', tick(1), at(tick(1) + 900))).toBeNull();
		const runs = await a.runs('sync');
		expect(runs.map(({ tick: t, outcome }) => [t, outcome])).toEqual([[tick(1), 'succeeded']]);
	});

	it('passes over a tick while an earlier run still holds the job, and records that once', async () => {
		const a = new ScheduledJobLedger(first, 'replica-a', LEASE_MS);
		const b = new ScheduledJobLedger(second, 'replica-b', LEASE_MS);
		const long = await a.claim('backups', tick(1), at(tick(1)));
		expect(long).not.toBeNull();
		expect(await b.claim('backups', tick(2), at(tick(2)))).toBeNull();
		expect(await a.claim('backups', tick(2), at(tick(2) + 10))).toBeNull();
		await a.finish('backups', long!, 'succeeded', null, at(tick(2) + 5000));
		expect(await b.claim('backups', tick(3), at(tick(3)))).not.toBeNull();
		const runs = await a.runs('backups');
		expect(runs.map(({ tick: t, outcome, replica }) => [t, outcome, replica])).toEqual([
			[tick(1), 'succeeded', 'replica-a'],
			[tick(2), 'skipped', 'replica-b'],
			[tick(3), 'running', 'replica-b'],
		]);
	});

	it('lets a later tick run once the lease of a replica that died has run out, and keeps renewed leases', async () => {
		const a = new ScheduledJobLedger(first, 'replica-a', LEASE_MS);
		const b = new ScheduledJobLedger(second, 'replica-b', LEASE_MS);
		expect(await a.claim('sync', tick(1), at(tick(1)))).not.toBeNull();
		await a.renew('sync', at(tick(1) + 50_000));
		// Renewed at +50 s: still held at +100 s.
		expect(await b.claim('sync', tick(7), at(tick(1) + 100_000))).toBeNull();
		// Never renewed again (the replica died): free after the lease.
		expect(await b.claim('sync', tick(8), at(tick(1) + 111_000))).not.toBeNull();
	});

	it('records a failed run with its error, and deletes runs older than a week as runs finish', async () => {
		const a = new ScheduledJobLedger(first, 'replica-a', LEASE_MS);
		const old = await a.claim('sync', tick(1), at(tick(1)));
		await a.finish('sync', old!, 'failed', 'provider unreachable', at(tick(1) + 10));
		expect((await a.runs('sync'))[0]).toMatchObject({ outcome: 'failed', error: 'provider unreachable', finished_at: tick(1) + 10 });
		const later = tick(1) + RUNS_KEPT_MS + 60_000;
		const recent = await a.claim('sync', later, at(later));
		await a.finish('sync', recent!, 'succeeded', null, at(later + 10));
		expect((await a.runs('sync')).map((run) => run.tick)).toEqual([later]);
	});

	it('keeps jobs apart', async () => {
		const a = new ScheduledJobLedger(first, 'replica-a', LEASE_MS);
		expect(await a.claim('sync', tick(1), at(tick(1)))).not.toBeNull();
		expect(await a.claim('backups', tick(1), at(tick(1)))).not.toBeNull();
	});
});
