/**
 * For the unit tests of code that coordinates replicas: the coordination tables, made by the very
 * migration production runs (migrations/20990102J-replica-coordination.mjs), in a SQLite database.
 */
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
