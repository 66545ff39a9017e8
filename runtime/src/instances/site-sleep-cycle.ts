/**
 * Sites' sleep and wake, as the router drives them: which record a request's host names, the
 * activity that keeps a site awake, the wake a request for a sleeping site waits for, and the sweep
 * that puts idle sites to sleep and moves sleepers down the tiers. Runs under the same per-instance
 * locks as the instance service's life-cycle operations, so a wake racing a stop, or the sweep
 * racing a restore, happen one after the other.
 */
import type { KeyedMutex } from '@epic/concurrency';
import { notRunnable } from '../errors.ts';
import type { RuntimeMetrics } from '../metrics/runtime-metrics.ts';
import type { SleepTiers } from '../sleep-tiers/sleep-tiers.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader, InstanceSpecWriter } from '../state/instance-store.ts';
import type { HostIndex } from './host-index.ts';
import type { ProcessSupervisor } from './process-supervisor.ts';
import { projectRecord } from './project-record.ts';
import { SiteActivity } from './site-activity.ts';

export interface SiteSleepCycleParts {
	store: InstanceReader & Pick<InstanceSpecWriter, 'markAsleep' | 'markAwake'>;
	supervisor: Pick<ProcessSupervisor, 'start' | 'stop' | 'status'>;
	hosts: Pick<HostIndex, 'lookup'>;
	/** The instances' locks, shared with the instance service. */
	locks: KeyedMutex;
	log: (message: string) => void;
	metrics: Pick<RuntimeMetrics, 'woke'>;
	/** How idle sites sleep (paused, checkpointed, stopped); without it they are stopped. */
	tiers?: SleepTiers;
	/** Milliseconds since the epoch; the idle clock reads it. */
	now: () => number;
}

export class SiteSleepCycle {
	readonly #parts: SiteSleepCycleParts;
	readonly #activity: SiteActivity;

	constructor(parts: SiteSleepCycleParts) {
		this.#parts = parts;
		this.#activity = new SiteActivity(parts.now);
	}

	/** The instance a request's host names, if any. */
	resolveHost(host: string): InstanceRecord | undefined {
		const id = this.#parts.hosts.lookup(host);
		return id ? this.#parts.store.get(id) : undefined;
	}

	/**
	 * Starts (or wakes) the instance's process and restarts its idle clock once it answers, so the
	 * boot time never counts as idle time. The caller holds the instance's lock.
	 */
	async serve(id: string): Promise<void> {
		await this.#parts.supervisor.start(id);
		this.#activity.restart(id);
	}

	/** Restarts the idle clock (an adopted instance's, whose past requests are unknown). */
	resetIdleClock(id: string): void {
		this.#activity.restart(id);
	}

	/** Marks a request or websocket as in progress (SiteActivity.begin); the returned function ends it. */
	beginActivity(id: string): () => void {
		return this.#activity.begin(id);
	}

	/** When the site last served: this process's memory, else what its record kept. */
	lastRequestAt(record: InstanceRecord): string | null {
		return this.#activity.lastRequestAt(record);
	}

	/** A deleted instance's activity goes with it. */
	forget(id: string): void {
		this.#activity.forget(id);
	}

	/** The port of a running instance right away, or null when it has to be woken first. */
	portIfRunning(record: InstanceRecord): number | null {
		return !record.asleep && this.#parts.supervisor.status(record.id) === 'running' ? record.port : null;
	}

	/** Wakes a sleeping (or crashed) instance and resolves with its port once it answers. */
	wake(id: string): Promise<number> {
		return this.#parts.locks.run(id, async () => {
			const record = this.#project(id);
			if (record.desired !== 'running') throw notRunnable(id, record.desired);
			// A concurrent wake may have finished while this one waited for the lock: nothing to time.
			const startedAt = this.portIfRunning(record) === null ? this.#parts.now() : null;
			this.#parts.store.markAwake(id);
			await this.#parts.tiers?.wake(id);
			await this.serve(id);
			if (startedAt !== null) this.#parts.metrics.woke(Math.max(0, this.#parts.now() - startedAt) / 1000);
			return this.#project(id).port;
		});
	}

	/**
	 * Puts instances without a request for `idleMs` to sleep, and moves the ones that have slept
	 * long enough in their tier down one. Returns the ids it put to sleep.
	 */
	async sleepIdle(idleMs: number): Promise<string[]> {
		const { tiers, locks, store } = this.#parts;
		for (const id of tiers?.dueToMoveDown() ?? []) {
			await locks.run(id, async () => {
				const current = store.get(id);
				if (!current?.asleep) return;
				const tier = await tiers!.moveDown(current);
				if (tier) this.#parts.log(`instance ${id} now sleeps ${tier}`);
			});
		}
		const sleepers: string[] = [];
		for (const record of store.all()) {
			if (!this.#isIdle(record, idleMs)) continue;
			await locks.run(record.id, async () => {
				const current = store.get(record.id);
				if (!current || !this.#isIdle(current, idleMs)) return;
				store.markAsleep(record.id, this.#activity.lastRequestAt(current));
				if (tiers) await tiers.sleep(current);
				else await this.#parts.supervisor.stop(record.id);
				sleepers.push(record.id);
			});
		}
		return sleepers;
	}

	#project(id: string): InstanceRecord {
		return projectRecord(this.#parts.store, id);
	}

	#isIdle(record: InstanceRecord, idleMs: number): boolean {
		if (record.kind !== 'project' || record.desired !== 'running' || record.asleep) return false;
		if (this.#parts.supervisor.status(record.id) !== 'running') return false;
		return this.#activity.idleFor(record, idleMs);
	}
}
