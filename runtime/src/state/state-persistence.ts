/**
 * Where the instance records are kept: the state file on the runtime's disk (the single-machine
 * default) or a PostgreSQL table every node can reach (RUNTIME_STATE_PG_URL). The store
 * (state-store.ts) keeps every record in memory and hands each change here; a change is kept
 * before `save` returns, so a runtime killed at any instant leaves the old record or the new one.
 */
import type { InstanceRecord, RuntimeState } from './instance-record.ts';

/** One record written (`record`) or removed (`null`). */
export interface RecordChange {
	id: string;
	record: InstanceRecord | null;
}

export interface StatePersistence {
	/** Every record as last kept; called once, when the store opens. */
	load(): RuntimeState;
	/** `state` is the whole state after the change; `changes` the records that differ, all kept or none. */
	save(state: RuntimeState, changes: RecordChange[]): void;
	/** Lets go of what the persistence holds (a connection, the runtime's claim on the records). */
	close(): void;
}
