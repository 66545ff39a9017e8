/**
 * The control plane's SQLite file runs in write-ahead-log mode. Directus leaves SQLite in its
 * rollback-journal default, where every write blocks every read and commits with two syncs; with
 * WAL, readers go on during a write and a commit is one append. The mode is stored in the file, so
 * setting it once per start is enough (and free when it is already set).
 */
import { databaseConnection } from '@epic/node-support/database-connection';
import knex from 'knex';

export async function useWriteAheadLog(env: Record<string, string>): Promise<void> {
	if (env['DB_CLIENT'] === 'pg') return;
	const db = knex(databaseConnection(env));
	try {
		await db.raw('PRAGMA journal_mode = WAL');
	} finally {
		await db.destroy();
	}
}
