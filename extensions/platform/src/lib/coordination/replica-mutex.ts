/**
 * A lock by name across every control-plane replica sharing the database (docs/operations.md,
 * Replicas), for work that must not run twice at once for one user, subscription or project. The
 * lock is a row of `coordination_leases`, taken with an INSERT or, over an expired holder, one
 * conditional UPDATE: atomic on SQLite and PostgreSQL alike. The holder renews it while its work
 * runs; one that dies leaves it to expire within LEASE_MS. Each acquisition is its own holder, so
 * two callers in one process exclude each other too.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '../database/unique-violation.ts';
import { whileRenewing } from './while-renewing.ts';

const LEASES = 'coordination_leases';

/** How long a lock holds unrenewed: how long a replica that died mid-way blocks the name. */
export const LEASE_MS = 30_000;
const RENEW_EVERY_MS = LEASE_MS / 3;
const POLL_MS = 50;

export class LockBusyError extends Error {
	constructor(name: string, waitedMs: number) {
		super(`${name} stayed locked by another replica for ${waitedMs} ms`);
		this.name = 'LockBusyError';
	}
}

export interface ReplicaMutexOptions {
	now?: () => Date;
	sleep?: (ms: number) => Promise<void>;
}

export class ReplicaMutex {
	readonly #database: Knex;
	readonly #now: () => Date;
	readonly #sleep: (ms: number) => Promise<void>;

	constructor(database: Knex, options: ReplicaMutexOptions = {}) {
		this.#database = database;
		this.#now = options.now ?? (() => new Date());
		this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
	}

	/** Runs `work` holding `name`, waiting up to `waitMs` for another holder to finish (then LockBusyError). */
	async run<T>(name: string, work: () => Promise<T>, waitMs = LEASE_MS): Promise<T> {
		const holder = randomUUID();
		const deadline = this.#now().getTime() + waitMs;
		while (!(await this.#acquire(name, holder))) {
			if (this.#now().getTime() >= deadline) throw new LockBusyError(name, waitMs);
			await this.#sleep(POLL_MS);
		}
		return this.#holding(name, holder, work);
	}

	/** Runs `work` holding `name` if nobody holds it; `{ ran: false }` at once otherwise. */
	async tryRun<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
		const holder = randomUUID();
		if (!(await this.#acquire(name, holder))) return { ran: false };
		return { ran: true, value: await this.#holding(name, holder, work) };
	}

	async #holding<T>(name: string, holder: string, work: () => Promise<T>): Promise<T> {
		try {
			return await whileRenewing(
				RENEW_EVERY_MS,
				() =>
					this.#database(LEASES)
						.where({ name, holder })
						.update({ lease_until: this.#now().getTime() + LEASE_MS }),
				() => {
					// A renewal lost now is retried at the next interval; the lease outlives two misses.
				},
				work,
			);
		} finally {
			// A release the database refuses leaves the lock to expire: the work's own outcome stands.
			await this.#database(LEASES)
				.where({ name, holder })
				.delete()
				.catch(() => {});
		}
	}

	async #acquire(name: string, holder: string): Promise<boolean> {
		const at = this.#now().getTime();
		try {
			await this.#database(LEASES).insert({ name, holder, lease_until: at + LEASE_MS });
			return true;
		} catch (error) {
			if (!isUniqueViolation(error)) throw error;
		}
		const taken = await this.#database(LEASES)
			.where({ name })
			.andWhere('lease_until', '<', at)
			.update({ holder, lease_until: at + LEASE_MS });
		return taken === 1;
	}
}
