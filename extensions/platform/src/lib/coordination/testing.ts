/**
 * For the unit tests of code that coordinates replicas: the coordination tables, made by the very
 * migration production runs (migrations/20990102J-replica-coordination.mjs), in a SQLite database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';

export async function createCoordinationTables(database: Knex): Promise<void> {
	const migration = (await import(new URL('../../../../../migrations/20990102J-replica-coordination.mjs', import.meta.url).href)) as { up(db: Knex): Promise<void> };
	await migration.up(database);
}

/** A SQLite database with the coordination tables: in memory, or in `filename` for several connections. */
export async function coordinationDatabase(filename = ':memory:'): Promise<Knex> {
	const database = knex({ client: 'sqlite3', connection: { filename }, useNullAsDefault: true });
	await createCoordinationTables(database);
	return database;
}

export interface TwoReplicas {
	/** Two connections to one SQLite file: two replicas, as far as the database can tell. */
	first: Knex;
	second: Knex;
	/** Closes both and deletes the file. */
	close(): Promise<void>;
}

/** A SQLite file with the coordination tables, and two connections to it. */
export async function twoReplicas(): Promise<TwoReplicas> {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'coordination-'));
	const filename = path.join(folder, 'platform.db');
	const first = await coordinationDatabase(filename);
	const second = knex({ client: 'sqlite3', connection: { filename }, useNullAsDefault: true });
	return {
		first,
		second,
		close: async () => {
			await first.destroy();
			await second.destroy();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}
