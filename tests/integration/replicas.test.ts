/**
 * Two control-plane replicas on one PostgreSQL database and one Redis (docs/operations.md,
 * Replicas): every scheduled job of the bundle runs once per tick, whichever replicas fire it. With
 * Directus's Redis synchronisation (production) one replica fires each tick; with the memory store
 * both fire every tick, and the platform's ledger (`scheduled_jobs`) still runs each tick once.
 * PostgreSQL only: replicas share a database server (vitest.config.ts keeps it off SQLite).
 */
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '@epic/local-platform/test-prerequisites';
import { sampleValue } from '../support/prometheus-text.ts';
import { flushRedisDatabase } from '../support/redis.ts';
import { bootTestControlPlane, type RunningTestControlPlane, type TestControlPlaneReplica } from '../support/test-control-plane.ts';
import { waitFor } from '../support/wait-for.ts';

const REDIS_DATABASE = 8;
/** Wide enough that a firing late by a busy event loop (up to half of it) still names its tick. */
const TICK_MS = 5000;
const TICKS = 4;
const JOBS = ['subscription-sync', 'provisioning', 'instance-sync', 'outbox', 'backups'] as const;
/** Read by the metrics route, which serves only its holder. */
const RUNTIME_SECRET = 'replicas-test-secret-'.padEnd(40, 'x');
const SCHEDULES = {
	SUBSCRIPTION_SYNC_SCHEDULE: '*/5 * * * * *',
	PROVISIONING_SCHEDULE: '*/5 * * * * *',
	INSTANCE_SYNC_SCHEDULE: '*/5 * * * * *',
	OUTBOX_SCHEDULE: '*/5 * * * * *',
	BACKUP_SCHEDULE: '*/5 * * * * *',
};

interface RunRow {
	job: string;
	tick: string | number;
	outcome: string;
}

async function metricsOf(url: string): Promise<string> {
	const response = await fetch(`${url}/platform-metrics`, { headers: { authorization: `Bearer ${RUNTIME_SECRET}` } });
	expect(response.status).toBe(200);
	return response.text();
}

const counter = (text: string, series: string) => sampleValue(text, series) ?? 0;

describe.each([
	{ store: 'redis', bothFireEachTick: false },
	{ store: 'memory', bothFireEachTick: true },
])('two replicas with the $store synchronisation store', ({ store, bothFireEachTick }) => {
	let primary: RunningTestControlPlane;
	let replica: TestControlPlaneReplica;
	let db: Knex;

	beforeAll(async () => {
		await flushRedisDatabase(REDIS_DATABASE);
		primary = await bootTestControlPlane('pg', {
			label: `replicas-${store}`,
			env: { REDIS: `${TEST_REDIS_URL}/${REDIS_DATABASE}` },
			directusEnv: { ...SCHEDULES, SYNCHRONIZATION_STORE: store, RUNTIME_SECRET },
		});
		replica = await primary.startReplica();
		db = knex(primary.knexConnection);
	});

	afterAll(async () => {
		await db?.destroy();
		await primary?.stop();
	});

	it('runs each scheduled job once per tick over several ticks', async () => {
		// From the first tick both replicas were up for.
		const from = Math.ceil((Date.now() + 1) / TICK_MS) * TICK_MS;
		const window = () =>
			db<RunRow>('scheduled_job_runs')
				.where('tick', '>=', from)
				.andWhere('tick', '<', from + TICKS * TICK_MS);
		await waitFor(
			`${TICKS} ticks of every job`,
			async () => {
				const finished = (await window().whereNot({ outcome: 'running' }).select('job')) as RunRow[];
				return JOBS.every((job) => finished.filter((run) => run.job === job).length >= TICKS);
			},
			TICKS * TICK_MS + 30_000,
			250,
		);
		const runs = (await window().select('job', 'tick', 'outcome').orderBy('tick')) as RunRow[];
		for (const job of JOBS) {
			const ticks = runs.filter((run) => run.job === job);
			expect(
				ticks.map((run) => Number(run.tick) - from),
				job,
			).toEqual(Array.from({ length: TICKS }, (_, index) => index * TICK_MS));
			expect(new Set(ticks.map((run) => run.outcome)), job).toEqual(new Set(['succeeded']));
		}

		// What each replica did: the runs both counted add up to the ledger's, and under the memory
		// store each replica fired every tick of the window itself.
		const [first, second] = [await metricsOf(primary.url), await metricsOf(replica.url)];
		const recorded = (await db('scheduled_job_runs').where({ outcome: 'succeeded' }).select('job')) as RunRow[];
		for (const job of JOBS) {
			const ran =
				counter(first, `epic_scheduled_job_runs_total{job="${job}",outcome="succeeded"}`) + counter(second, `epic_scheduled_job_runs_total{job="${job}",outcome="succeeded"}`);
			const inLedger = recorded.filter((run) => run.job === job).length;
			// A run that ended between the two reads is counted by one side only.
			expect(Math.abs(ran - inLedger), `${job}: ${ran} runs counted, ${inLedger} in the ledger`).toBeLessThanOrEqual(1);
			const fired = [first, second].map((text) => counter(text, `epic_scheduled_job_firings_total{job="${job}"}`));
			if (bothFireEachTick) for (const count of fired) expect(count, job).toBeGreaterThanOrEqual(TICKS);
			else expect(fired[0]! + fired[1]!, job).toBeLessThanOrEqual(inLedger + 1);
		}
	});
});
