/**
 * A fresh PostgreSQL database per test run on the machine's server (or TEST_PG_URL). If no server
 * answers, the run fails with a message saying so: the PostgreSQL suite is never skipped.
 */
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';
import pg from 'pg';

export interface TestDatabase {
	connectionString: string;
	drop(): Promise<void>;
}

/** A session on `serverUrl`, closed after `work`; an unreachable server fails saying so. */
export async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
	try {
		await client.connect();
	} catch (error) {
		throw new Error(
			`PostgreSQL is required for the integration suite and could not be reached at ${new URL(serverUrl).host} ` +
				`(${(error as Error).message}). Start it (npm test does this on Debian) or set TEST_PG_URL.`,
			{ cause: error },
		);
	}
	try {
		return await work(client);
	} finally {
		await client.end();
	}
}

/** Runs killed before their teardown leave databases behind; older than this, nothing uses them. */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

async function dropAbandonedDatabases(client: pg.Client): Promise<void> {
	const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'epic\\_%'`);
	for (const { datname } of rows) {
		const createdAt = Number(datname.match(/^epic_[a-z]+_(\d+)_\d+$/)?.[1]);
		if (createdAt && Date.now() - createdAt > ABANDONED_AFTER_MS) {
			await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
		}
	}
}

/** `serverUrl`: the server to make it on; default TEST_PG_URL as this process read it. */
export async function createTestDatabase(label: string, serverUrl = TEST_POSTGRES_URL): Promise<TestDatabase> {
	const name = `epic_${label}_${Date.now()}_${process.pid}`;
	await withAdminClient(serverUrl, async (client) => {
		await dropAbandonedDatabases(client);
		await client.query(`CREATE DATABASE "${name}"`);
	});
	const url = new URL(serverUrl);
	url.pathname = `/${name}`;
	return {
		connectionString: url.toString(),
		drop: () => withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
	};
}
