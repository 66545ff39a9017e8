/**
 * Pre-started instances that belong to no project yet. Handing one out only rewrites its admin
 * row and name (a fraction of a second) instead of a clone and a Directus boot (seconds). The
 * pool refills itself in the background, one instance at a time so that it never competes with
 * a customer's own start for more than one core. A refill that fails (the database refuses, the
 * disk is full) is logged and tried again after a growing delay; it never rejects.
 */
import { randomUUID } from 'node:crypto';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader } from '../state/instance-store.ts';
import type { InstanceFactory } from './instance-factory.ts';
import type { Logger, ProcessSupervisor } from './process-supervisor.ts';
import { restartDelayMs } from '@epic/node-support/restart-backoff';

export type PoolStore = Pick<InstanceReader, 'all' | 'get'>;
export type PoolFactory = Pick<InstanceFactory, 'create' | 'destroy'>;
export type PoolSupervisor = Pick<ProcessSupervisor, 'status' | 'start' | 'stop' | 'forget'>;

export class WarmPool {
	readonly #size: number;
	readonly #store: PoolStore;
	readonly #factory: PoolFactory;
	readonly #supervisor: PoolSupervisor;
	readonly #log: Logger;
	/** Pool members being handed out right now: not available to a second claim. */
	readonly #claimed = new Set<string>();
	/** Members whose preparation failed and whose removal has not succeeded yet. */
	readonly #leftovers = new Set<string>();
	#refilling: Promise<void> | null = null;
	#failures = 0;
	#retryTimer: NodeJS.Timeout | null = null;
	#closed = false;

	constructor(size: number, store: PoolStore, factory: PoolFactory, supervisor: PoolSupervisor, log: Logger) {
		this.#size = size;
		this.#store = store;
		this.#factory = factory;
		this.#supervisor = supervisor;
		this.#log = log;
	}

	#members(): InstanceRecord[] {
		return this.#store.all().filter((record) => record.kind === 'pool');
	}

	/** A running member, reserved for the caller, or null when none is ready. */
	claim(): InstanceRecord | null {
		const member = this.#members().find((record) => record.phase === 'ready' && !this.#claimed.has(record.id) && this.#supervisor.status(record.id) === 'running');
		if (!member) return null;
		this.#claimed.add(member.id);
		return member;
	}

	/** Ends a claim (whether the member was handed out or given back) and tops the pool up. */
	release(memberId: string): void {
		this.#claimed.delete(memberId);
		void this.refill();
	}

	available(): number {
		return this.#members().filter((record) => !this.#claimed.has(record.id) && this.#supervisor.status(record.id) === 'running').length;
	}

	/** Starts background creation until the pool is full; concurrent calls share one loop. Never rejects. */
	refill(): Promise<void> {
		if (this.#refilling || this.#closed) return this.#refilling ?? Promise.resolve();
		if (this.#retryTimer) clearTimeout(this.#retryTimer);
		this.#retryTimer = null;
		this.#refilling = this.#fill().finally(() => (this.#refilling = null));
		return this.#refilling;
	}

	async #fill(): Promise<void> {
		try {
			if (!(await this.#removeLeftovers())) return this.#retryLater();
			while (!this.#closed && this.#members().filter((record) => !this.#claimed.has(record.id)).length < this.#size) await this.#addMember();
			this.#failures = 0;
		} catch (error) {
			this.#log(`warm pool: could not prepare an instance: ${(error as Error).message}`);
			this.#retryLater();
		}
	}

	async #addMember(): Promise<void> {
		const id = `pool-${randomUUID()}`;
		try {
			await this.#factory.create(id, null);
			await this.#supervisor.start(id);
		} catch (error) {
			this.#leftovers.add(id);
			await this.#removeLeftovers();
			throw error;
		}
	}

	/** Removes members that failed half-way; false while one of them cannot be removed yet. */
	async #removeLeftovers(): Promise<boolean> {
		for (const id of this.#leftovers) {
			try {
				const record = this.#store.get(id);
				if (record) {
					await this.#supervisor.stop(id);
					this.#supervisor.forget(id);
					await this.#factory.destroy(record);
				}
				this.#leftovers.delete(id);
			} catch (error) {
				this.#log(`warm pool: could not remove the failed instance ${id}: ${(error as Error).message}`);
				return false;
			}
		}
		return true;
	}

	#retryLater(): void {
		if (this.#closed) return;
		this.#failures += 1;
		const delay = restartDelayMs(this.#failures);
		this.#log(`warm pool: trying again in ${delay} ms`);
		this.#retryTimer = setTimeout(() => {
			this.#retryTimer = null;
			void this.refill();
		}, delay);
		this.#retryTimer.unref();
	}

	close(): void {
		this.#closed = true;
		if (this.#retryTimer) clearTimeout(this.#retryTimer);
		this.#retryTimer = null;
	}
}
