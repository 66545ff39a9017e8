/**
 * The runtime's state file. Written synchronously and atomically (temporary file, then rename):
 * a kill at any instant leaves either the old or the new state, never half of one. Writes are
 * small and rare (life-cycle changes), so blocking for a millisecond is the simple, safe choice.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from '@epic/node-support/atomic-json';
import type { SiteResources, UpgradeFailure } from '@epic/runtime-contract';
import type { DesiredState, InstanceRecord, RuntimeState } from './instance-record.ts';
import type { InstanceStore, ProjectAssignment } from './instance-store.ts';
import { completeOlderRecords } from './older-records.ts';

export class StateStore implements InstanceStore {
	readonly #file: string;
	#state: RuntimeState;
	readonly #listeners: (() => void)[] = [];

	/** `installedDirectusVersion` is what records written before versions were recorded get. */
	constructor(dataDir: string, installedDirectusVersion: string) {
		mkdirSync(dataDir, { recursive: true });
		this.#file = path.join(dataDir, 'state.json');
		this.#state = existsSync(this.#file) ? (JSON.parse(readFileSync(this.#file, 'utf8')) as RuntimeState) : { version: 1, instances: {} };
		if (completeOlderRecords(this.#state, installedDirectusVersion)) this.#save();
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
		this.#state.instances[record.id] = record;
		this.#save();
	}

	markReady(id: string): InstanceRecord {
		return this.#change(id, { phase: 'ready' });
	}

	rename(fromId: string, record: InstanceRecord): void {
		delete this.#state.instances[fromId];
		this.#state.instances[record.id] = record;
		this.#save();
	}

	remove(id: string): void {
		delete this.#state.instances[id];
		this.#save();
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
		this.#state.instances[id] = updated;
		this.#save();
		return updated;
	}

	#save(): void {
		writeJsonAtomic(this.#file, this.#state, { mode: 0o600, indent: '\t' });
		for (const listener of this.#listeners) listener();
	}
}
