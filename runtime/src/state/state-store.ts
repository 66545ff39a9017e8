/**
 * The runtime's instance records: all of them in memory, read without waiting, and each change
 * kept by the persistence (state-persistence.ts: the state file, or PostgreSQL) before the
 * method that made it returns.
 */
import type { SiteResources, UpgradeFailure } from '@epic/runtime-contract';
import type { DesiredState, InstanceRecord, RuntimeState } from './instance-record.ts';
import type { InstanceStore, ProjectAssignment } from './instance-store.ts';
import { completeOlderRecords } from './older-records.ts';
import type { RecordChange, StatePersistence } from './state-persistence.ts';

export class StateStore implements InstanceStore {
	readonly #persistence: StatePersistence;
	#state: RuntimeState;
	readonly #listeners: (() => void)[] = [];

	/** `installedDirectusVersion` is what records written before versions were recorded get. */
	constructor(persistence: StatePersistence, installedDirectusVersion: string) {
		this.#persistence = persistence;
		this.#state = persistence.load();
		if (completeOlderRecords(this.#state, installedDirectusVersion)) this.#commit(this.all().map((record) => ({ id: record.id, record })));
	}

	/** Lets go of the persistence (a database connection and the runtime's claim on the records). */
	close(): void {
		this.#persistence.close();
	}

	onChange(listener: () => void): void {
		this.#listeners.push(listener);
	}

	all(): InstanceRecord[] {
		return Object.values(this.#state.instances);
	}

	get(id: string): InstanceRecord | undefined {
		return this.#state.instances[id];
	}

	put(record: InstanceRecord): void {
		this.#commit([{ id: record.id, record }]);
	}

	markReady(id: string): InstanceRecord {
		return this.#change(id, { phase: 'ready' });
	}

	rename(fromId: string, record: InstanceRecord): void {
		this.#commit([
			{ id: fromId, record: null },
			{ id: record.id, record },
		]);
	}

	remove(id: string): void {
		this.#commit([{ id, record: null }]);
	}

	setDesired(id: string, desired: DesiredState, assignment?: ProjectAssignment): InstanceRecord {
		return this.#change(id, {
			desired,
			asleep: false,
			...(assignment ? { subdomain: assignment.subdomain } : {}),
			...(assignment?.resources ? { resources: assignment.resources } : {}),
		});
	}

	markAsleep(id: string, lastRequestAt?: string | null): InstanceRecord {
		return this.#change(id, { asleep: true, ...(lastRequestAt === undefined ? {} : { lastRequestAt }) });
	}

	markAwake(id: string): InstanceRecord {
		const record = this.#existing(id);
		return record.asleep ? this.#change(id, { asleep: false }) : record;
	}

	setDomains(id: string, domains: string[]): InstanceRecord {
		return this.#change(id, { domains: [...new Set(domains)] });
	}

	setCorsOrigins(id: string, origins: string[]): InstanceRecord {
		return this.#change(id, { corsOrigins: [...new Set(origins)] });
	}

	setResources(id: string, resources: SiteResources): InstanceRecord {
		return this.#change(id, { resources });
	}

	recordDirectusVersion(id: string, version: string): InstanceRecord {
		return this.#change(id, { directusVersion: version });
	}

	recordUpgraded(id: string, version: string): InstanceRecord {
		return this.#change(id, { directusVersion: version, upgradeFailure: null });
	}

	recordUpgradeFailure(id: string, failure: UpgradeFailure): InstanceRecord {
		return this.#change(id, { upgradeFailure: failure });
	}

	setRollbackBackup(id: string, backupId: string | null): InstanceRecord {
		return this.#change(id, { rollbackBackupId: backupId });
	}

	assignSiteUid(id: string, uid: number): InstanceRecord {
		return this.#change(id, { siteUid: uid });
	}

	recordProcess(id: string, observed: { port: number; pid: number; startedWithUrl: string | null }): void {
		this.#change(id, { port: observed.port, pid: observed.pid, startedWithUrl: observed.startedWithUrl });
	}

	recordPid(id: string, pid: number): void {
		this.#change(id, { pid });
	}

	recordNoProcess(id: string): void {
		if (this.#state.instances[id]?.pid) this.#change(id, { pid: null });
	}

	#existing(id: string): InstanceRecord {
		const record = this.#state.instances[id];
		if (!record) throw new Error(`No instance ${id} in the runtime state`);
		return record;
	}

	#change(id: string, changes: Partial<InstanceRecord>): InstanceRecord {
		const updated = { ...this.#existing(id), ...changes };
		this.#commit([{ id, record: updated }]);
		return updated;
	}

	/** Kept first, then applied: a change the persistence refuses leaves the records as they were. */
	#commit(changes: RecordChange[]): void {
		const instances = { ...this.#state.instances };
		for (const { id, record } of changes) {
			if (record) instances[id] = record;
			else delete instances[id];
		}
		const next: RuntimeState = { ...this.#state, instances };
		this.#persistence.save(next, changes);
		this.#state = next;
		for (const listener of this.#listeners) listener();
	}
}
