/**
 * The runtime's state file. Written synchronously and atomically (temporary file, then rename):
 * a kill at any instant leaves either the old or the new state, never half of one. Writes are
 * small and rare (life-cycle changes), so blocking for a millisecond is the simple, safe choice.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from '@epic/node-support/atomic-json';
import type { InstanceRecord, RuntimeState } from './instance-record.ts';
import { completeOlderRecords } from './older-records.ts';

export class StateStore {
	readonly #file: string;
	#state: RuntimeState;
	readonly #listeners: (() => void)[] = [];

	/** `installedDirectusVersion` is what records written before versions were recorded get. */
	constructor(dataDir: string, installedDirectusVersion: string) {
		mkdirSync(dataDir, { recursive: true });
		this.#file = path.join(dataDir, 'state.json');
		this.#state = existsSync(this.#file)
			? (JSON.parse(readFileSync(this.#file, 'utf8')) as RuntimeState)
			: { version: 1, instances: {} };
		if (completeOlderRecords(this.#state, installedDirectusVersion)) this.#save();
	}

	/** Called after every change (the host index rebuilds itself from here). */
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

	update(id: string, changes: Partial<InstanceRecord>): InstanceRecord {
		const record = this.#state.instances[id];
		if (!record) throw new Error(`No instance ${id} in the runtime state`);
		const updated = { ...record, ...changes };
		this.#state.instances[id] = updated;
		this.#save();
		return updated;
	}

	/** Renames a record (a pool member handed to a project keeps its process and data). */
	rename(fromId: string, record: InstanceRecord): void {
		delete this.#state.instances[fromId];
		this.#state.instances[record.id] = record;
		this.#save();
	}

	remove(id: string): void {
		delete this.#state.instances[id];
		this.#save();
	}

	#save(): void {
		writeJsonAtomic(this.#file, this.#state, { mode: 0o600, indent: '\t' });
		for (const listener of this.#listeners) listener();
	}
}
