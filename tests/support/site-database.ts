/**
 * A site's own database, opened beside its Directus from what the runtime's state file names (its
 * SQLite file, or its PostgreSQL database on the test server): what a test reads to see the schema
 * itself, which a site's API only shows through Directus's own view of it.
 */
import knex, { type Knex } from 'knex';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';
import type { InstanceStorage } from '../../runtime/src/state/instance-record.ts';
import { runtimeState } from './runtime-inspection.ts';

/** `pgServerUrl`: the PostgreSQL server the runtime's sites are on, as its superuser (the machine's test server unless named). */
export async function withSiteDatabase<T>(runtimeDataDir: string, projectId: string, work: (db: Knex) => Promise<T>, pgServerUrl = TEST_POSTGRES_URL): Promise<T> {
	const record = runtimeState(runtimeDataDir).instances[projectId];
	if (!record) throw new Error(`The runtime has no instance ${projectId}`);
	return withStorageDatabase(record.storage, work, pgServerUrl);
}

/** The same, for a site whose record was read elsewhere (a state database). */
export async function withStorageDatabase<T>(storage: InstanceStorage, work: (db: Knex) => Promise<T>, pgServerUrl = TEST_POSTGRES_URL): Promise<T> {
	let db: Knex;
	if (storage.client === 'pg') {
		const url = new URL(pgServerUrl);
		url.pathname = `/${storage.database}`;
		db = knex({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } });
	} else {
		db = knex({ client: 'sqlite3', connection: { filename: storage.file }, useNullAsDefault: true });
	}
	try {
		return await work(db);
	} finally {
		await db.destroy();
	}
}
