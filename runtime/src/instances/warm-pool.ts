/**
 * Pre-started instances that belong to no project yet. Handing one out only rewrites its admin
 * row and name (a fraction of a second) instead of a clone and a Directus boot (seconds). The
 * pool refills itself in the background, one instance at a time so that it never competes with
 * a customer's own start for more than one core.
 */
import { randomUUID } from 'node:crypto';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { StateStore } from '../state/state-store.ts';
import type { InstanceFactory } from './instance-factory.ts';
import type { Logger, ProcessSupervisor } from './process-supervisor.ts';

export class WarmPool {
	readonly #size: number;
	readonly #store: StateStore;
	readonly #factory: InstanceFactory;
	readonly #supervisor: ProcessSupervisor;
	readonly #log: Logger;
	/** Pool members being handed out right now: not available to a second claim. */
	readonly #claimed = new Set<string>();
	#refilling: Promise<void> | null = null;
	#closed = false;

	constructor(size: number, store: StateStore, factory: InstanceFactory, supervisor: ProcessSupervisor, log: Logger) {
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
		const member = this.#members().find(
			(record) => record.phase === 'ready' && !this.#claimed.has(record.id) && this.#supervisor.status(record.id) === 'running',
		);
		if (!member) return null;
		this.#claimed.add(member.id);
		return member;
	}

	/** Ends a claim (whether the member was handed out or given back) and tops the pool up. */
	release(memberId: string): void {
		this.#claimed.delete(memberId);
		this.refill();
	}

	available(): number {
		return this.#members().filter((record) => !this.#claimed.has(record.id) && this.#supervisor.status(record.id) === 'running').length;
	}

	/** Starts background creation until the pool is full; concurrent calls share one loop. */
	refill(): Promise<void> {
		if (this.#refilling || this.#closed) return this.#refilling ?? Promise.resolve();
		this.#refilling = this.#fill().finally(() => (this.#refilling = null));
		return this.#refilling;
	}

	async #fill(): Promise<void> {
		while (!this.#closed && this.#members().filter((record) => !this.#claimed.has(record.id)).length < this.#size) {
			const id = `pool-${randomUUID()}`;
			try {
				await this.#factory.create(id, null);
				await this.#supervisor.start(id);
			} catch (error) {
				this.#log(`warm pool: could not prepare an instance: ${(error as Error).message}`);
				const record = this.#store.get(id);
				if (record) {
					await this.#supervisor.stop(id);
					this.#supervisor.forget(id);
					await this.#factory.destroy(record);
				}
				return;
			}
		}
	}

	close(): void {
		this.#closed = true;
	}
}
