/**
 * Serialises the project creations of one owner across every control-plane process sharing the
 * database, so the project limit holds under concurrency (docs/product.md, Projects API): the
 * caller counts the owner's projects and inserts only while holding this lock.
 *
 * - PostgreSQL (and other servers): `SELECT … FOR UPDATE` on the owner's `directus_users` row. A
 *   second transaction waits on the row and, under READ COMMITTED, counts again with the first one's
 *   insert visible once it proceeds.
 * - SQLite: knex opens transactions with a deferred `BEGIN`, which takes the database's write lock
 *   only at the first write. A no-op write to the owner's row first makes the transaction hold the
 *   write lock from its start, like `BEGIN IMMEDIATE`: no other writer, in this process or another,
 *   can insert between our count and our insert.
 */
import type { Knex } from 'knex';

const SQLITE_CLIENTS = new Set(['sqlite3', 'better-sqlite3']);

export function isSqlite(database: Knex): boolean {
	return SQLITE_CLIENTS.has(String((database.client as { config?: { client?: unknown } }).config?.client));
}

/** Takes the lock; returns the owner's email, or null when the user no longer exists. */
export async function lockOwner(trx: Knex.Transaction, userId: string): Promise<{ email: string | null } | null> {
	if (isSqlite(trx)) {
		await trx('directus_users')
			.where({ id: userId })
			.update({ status: trx.raw('??', ['status']) });
		return (await trx('directus_users').where({ id: userId }).first('email')) ?? null;
	}
	return (await trx('directus_users').where({ id: userId }).forUpdate().first('email')) ?? null;
}

export async function countOwnedProjectsIn(trx: Knex.Transaction, userId: string): Promise<number> {
	const [row] = (await trx('projects').where({ owner: userId }).count({ count: '*' })) as { count: number | string }[];
	return Number(row?.count ?? 0);
}
