/**
 * A node router hears the runtime's record writes (runtime/src/node-router/state-change-listener.ts):
 * against a real server, a write by a runtime's store reaches a node router's records with no poll
 * running, and so does one after the listening session was ended by the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateChangeListener } from '../../runtime/src/node-router/state-change-listener.ts';
import { StateRecordsReader, stateRowsFrom } from '../../runtime/src/node-router/state-records-reader.ts';
import { postgresStatePersistence } from '../../runtime/src/state/postgres/postgres-state-persistence.ts';
import { STATE_CHANGED_CHANNEL } from '../../runtime/src/state/postgres/state-table.ts';
import { projectRecordFixture } from '../../runtime/src/state/project-record.fixture.ts';
import { StateStore } from '../../runtime/src/state/state-store.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { waitFor } from '../support/wait-for.ts';

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
	database = await createTestDatabase('statechanges');
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'state-changes-'));
});

afterAll(async () => {
	await database?.drop();
	rmSync(dataDir, { recursive: true, force: true });
});

/** The server process ids of the sessions listening on the channel. */
async function listeningSessions(client: pg.Client): Promise<number[]> {
	const { rows } = await client.query<{ pid: number }>(
		`select pid from pg_stat_activity where datname = current_database() and query = 'listen ${STATE_CHANGED_CHANNEL}' and pid <> pg_backend_pid()`,
	);
	return rows.map((row) => row.pid);
}

describe("a node router hearing the runtime's writes", () => {
	it('reads the records again at each write, with no poll, and after its session was ended', async () => {
		const store = new StateStore(
			postgresStatePersistence({ url: database.connectionString, secrets: ['a-runtime-secret-of-at-least-32-characters'], dataDir, log: () => {} }),
			'12.4.0',
		);
		const rows = stateRowsFrom(database.connectionString);
		const logs: string[] = [];
		const records = new StateRecordsReader(rows, (line) => logs.push(line));
		const listener = new StateChangeListener({ url: database.connectionString, onChange: () => void records.refresh(), log: (line) => logs.push(line), reconnectMs: 100 });
		const admin = new pg.Client({ connectionString: database.connectionString });
		await admin.connect();
		try {
			await listener.start();
			const [first] = await listeningSessions(admin);
			expect(first).toBeTypeOf('number');

			store.put(projectRecordFixture('p-heard', '/data/p-heard', { subdomain: 'heard' }));
			await waitFor('the node router to read the new record', () => records.get('p-heard')?.subdomain === 'heard', 10_000);

			// Ended by the server (a restart, a failover): the listener opens another session.
			await admin.query('select pg_terminate_backend($1)', [first]);
			await waitFor('a new listening session', async () => (await listeningSessions(admin)).some((pid) => pid !== first), 10_000);
			store.setDomains('p-heard', ['heard.example']);
			await waitFor('the node router to read the changed record', () => records.get('p-heard')?.domains?.[0] === 'heard.example', 10_000);
			expect(logs).toEqual([]);
		} finally {
			await listener.close();
			await rows.close();
			store.close();
			await admin.end();
		}
	});
});
