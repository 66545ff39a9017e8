/**
 * Where the control-plane replicas agree on who runs a scheduled job's tick (docs/operations.md,
 * Replicas). A replica claims a tick with one conditional UPDATE of the job's row, atomic on SQLite
 * and PostgreSQL alike: only if the tick is newer than the last one started (each tick runs once,
 * whichever replicas fire it) and no other run holds the job (a run longer than its interval never
 * overlaps the next tick's). The holder renews its lease while it works; one that dies leaves the
 * lease to expire, and a later tick runs. Each run is recorded with its outcome, kept for a week.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '../database/unique-violation.ts';

const JOBS = 'scheduled_jobs';
const RUNS = 'scheduled_job_runs';

/** Runs older than this are deleted as new ones finish. */
export const RUNS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export type RunOutcome = 'running' | 'succeeded' | 'failed' | 'skipped';

export interface ScheduledJobRun {
	id: string;
	job: string;
	tick: number;
	replica: string;
	started_at: number;
	finished_at: number | null;
	outcome: RunOutcome;
	error: string | null;
}

export class ScheduledJobLedger {
	readonly #database: Knex;
	readonly #replica: string;
	readonly #leaseMs: number;

	/** `replica`: this process's name in the records; `leaseMs`: how long a claim holds unrenewed. */
	constructor(database: Knex, replica: string, leaseMs: number) {
		this.#database = database;
		this.#replica = replica;
		this.#leaseMs = leaseMs;
	}

	/** How often a holder renews its lease while it works: well inside the lease. */
	get renewEveryMs(): number {
		return Math.floor(this.#leaseMs / 3);
	}

	/**
	 * The id of this replica's run of the tick, or null when the tick is someone else's: already
	 * started, or refused because a run of an earlier tick still holds the job (recorded `skipped`).
	 */
	async claim(job: string, tick: number, now: Date): Promise<string | null> {
		const db = this.#database;
		await this.#ensureJobRow(job);
		const at = now.getTime();
		const claimed = await db(JOBS)
			.where({ job })
			.andWhere('last_tick', '<', tick)
			.andWhere((free) => free.whereNull('lease_until').orWhere('lease_until', '<', at))
			.update({ last_tick: tick, holder: this.#replica, lease_until: at + this.#leaseMs });
		if (claimed === 1) return this.#record(job, tick, at, 'running');
		// Not started and not startable: a run still holds the job. The tick is passed over, once.
		const passedOver = await db(JOBS).where({ job }).andWhere('last_tick', '<', tick).update({ last_tick: tick });
		if (passedOver === 1) await this.#record(job, tick, at, 'skipped');
		return null;
	}

	/** Keeps this replica's hold on the job while its run goes on. */
	async renew(job: string, now: Date): Promise<void> {
		await this.#database(JOBS)
			.where({ job, holder: this.#replica })
			.update({ lease_until: now.getTime() + this.#leaseMs });
	}

	/** Records the run's end, lets go of the job and deletes the job's runs older than a week. */
	async finish(job: string, runId: string, outcome: 'succeeded' | 'failed', error: string | null, now: Date): Promise<void> {
		const db = this.#database;
		const at = now.getTime();
		await db(RUNS).where({ id: runId }).update({ finished_at: at, outcome, error });
		await db(JOBS).where({ job, holder: this.#replica }).update({ holder: null, lease_until: null });
		await db(RUNS)
			.where({ job })
			.andWhere('tick', '<', at - RUNS_KEPT_MS)
			.delete();
	}

	/** The job's recorded runs, oldest first. */
	async runs(job: string): Promise<ScheduledJobRun[]> {
		const rows = (await this.#database(RUNS).where({ job }).orderBy('tick')) as ScheduledJobRun[];
		return rows.map((row) => ({ ...row, tick: Number(row.tick), started_at: Number(row.started_at), finished_at: row.finished_at === null ? null : Number(row.finished_at) }));
	}

	async #ensureJobRow(job: string): Promise<void> {
		const db = this.#database;
		if (await db(JOBS).where({ job }).first('job')) return;
		try {
			await db(JOBS).insert({ job, last_tick: 0, holder: null, lease_until: null });
		} catch (error) {
			if (!isUniqueViolation(error)) throw error;
		}
	}

	/** Only the replica whose UPDATE moved `last_tick` to the tick records it, so once. */
	async #record(job: string, tick: number, at: number, outcome: 'running' | 'skipped'): Promise<string> {
		const id = randomUUID();
		await this.#database(RUNS).insert({ id, job, tick, replica: this.#replica, started_at: at, finished_at: outcome === 'skipped' ? at : null, outcome, error: null });
		return id;
	}
}
