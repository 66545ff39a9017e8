/**
 * The runtime's instance records as a router on another node reads them: from the state database
 * (RUNTIME_STATE_PG_URL), without the runtime's claim, and without the sealed credentials, which
 * routing never needs. Read whole again on each refresh (at each of the runtime's writes, which it
 * notifies, and on a slow poll), so a record the runtime removed goes too; a database that does
 * not answer leaves the last records in place, since the sites they name may well still run.
 */
import pg from 'pg';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader } from '../state/instance-store.ts';
import { STATE_TABLE } from '../state/postgres/state-table.ts';

/** Reads every row's record (less its credentials); a client of pg in production. */
export type ReadStateRows = () => Promise<Array<{ id: string; record: Record<string, unknown> }>>;

/** The rows through one kept connection, opened again after the server ends it. */
export function stateRowsFrom(url: string): ReadStateRows & { close(): Promise<void> } {
	const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000, query_timeout: 10_000 });
	// A kept connection the server ends must not end the router: the next read opens another.
	pool.on('error', () => {});
	// In one order, so that a read of unchanged records is seen to be unchanged.
	const read = async () => (await pool.query<{ id: string; record: Record<string, unknown> }>(`select id, record from ${STATE_TABLE} order by id`)).rows;
	return Object.assign(read, { close: () => pool.end() });
}

export class StateRecordsReader implements InstanceReader {
	readonly #read: ReadStateRows;
	readonly #log: (message: string) => void;
	#records = new Map<string, InstanceRecord>();
	#listeners: Array<() => void> = [];
	/** Whether the last refresh failed, so a database that stays down is logged once, not every refresh. */
	#failing = false;
	/** The rows of the last read, as read, to tell a change. */
	#lastSnapshot: string | null = null;
	#reading: Promise<boolean> | null = null;
	#again = false;

	constructor(read: ReadStateRows, log: (message: string) => void) {
		this.#read = read;
		this.#log = log;
	}

	/**
	 * Reads the records again; resolves false, and keeps the last ones, when the database does not
	 * answer. Never rejects. Asked while a read is under way, it reads once more after that one (a
	 * write may have come after it began), and resolves with the one under way.
	 */
	refresh(): Promise<boolean> {
		if (this.#reading) {
			this.#again = true;
			return this.#reading;
		}
		this.#reading = this.#readOnce().finally(() => {
			this.#reading = null;
			if (this.#again) {
				this.#again = false;
				void this.refresh();
			}
		});
		return this.#reading;
	}

	async #readOnce(): Promise<boolean> {
		let rows;
		try {
			rows = await this.#read();
		} catch (error) {
			if (!this.#failing) this.#log(`cannot read the site records (routing on the last ones read): ${(error as Error).message}`);
			this.#failing = true;
			return false;
		}
		if (this.#failing) this.#log('reading the site records again');
		this.#failing = false;
		// The listeners rebuild the host index and open or close task ports: only for a change.
		const snapshot = JSON.stringify(rows);
		if (snapshot === this.#lastSnapshot) return true;
		this.#lastSnapshot = snapshot;
		// Credentials are not read: nothing that routes a request uses them.
		this.#records = new Map(rows.map((row) => [row.id, { ...row.record, id: row.id } as InstanceRecord]));
		for (const listener of this.#listeners) listener();
		return true;
	}

	all(): InstanceRecord[] {
		return [...this.#records.values()];
	}

	get(id: string): InstanceRecord | undefined {
		return this.#records.get(id);
	}

	onChange(listener: () => void): void {
		this.#listeners.push(listener);
	}
}
