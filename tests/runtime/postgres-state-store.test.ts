/**
 * The runtime's instance records in PostgreSQL (RUNTIME_STATE_PG_URL, runtime/src/state/postgres/):
 * the store's contract against a real server, one runtime's claim on a database's records, the
 * credentials sealed at rest and sealed again in a rotation of RUNTIME_SECRET, the state file of an
 * earlier runtime taken in once, and a connection the server ends.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stateFilePath } from '../../runtime/src/state/file-state-persistence.ts';
import type { InstanceRecord, RuntimeState } from '../../runtime/src/state/instance-record.ts';
import { instanceStoreContract } from '../../runtime/src/state/instance-store.contract.ts';
import { postgresStatePersistence } from '../../runtime/src/state/postgres/postgres-state-persistence.ts';
import type { AcceptedSecrets } from '../../runtime/src/secrets/accepted-secrets.ts';
import { CredentialsSeal } from '../../runtime/src/state/postgres/sealed-credentials.ts';
import { STATE_TABLE } from '../../runtime/src/state/postgres/state-table.ts';
import { projectRecordFixture } from '../../runtime/src/state/project-record.fixture.ts';
import { StateStore } from '../../runtime/src/state/state-store.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';

const RUNTIME_SECRET = 'a-runtime-secret-of-at-least-32-characters';
let database: TestDatabase;
let client: pg.Client;
let dataDir: string;
const logged: string[] = [];

/** A store as a runtime opens it: RUNTIME_SECRET, then RUNTIME_SECRET_PREVIOUS if given. */
function openStore(...secrets: AcceptedSecrets | []): StateStore {
	const accepted: AcceptedSecrets = secrets.length > 0 ? (secrets as AcceptedSecrets) : [RUNTIME_SECRET];
	return new StateStore(postgresStatePersistence({ url: database.connectionString, secrets: accepted, dataDir, log: (line) => logged.push(line) }), '12.4.0');
}

/** Whether each row's sealed credentials open under `secret` alone. */
async function rowsOpenUnder(secret: string): Promise<boolean[]> {
	const { rows } = await client.query<{ id: string; sealed_credentials: string }>(`select id, sealed_credentials from ${STATE_TABLE} order by id`);
	const seal = new CredentialsSeal([secret]);
	return rows.map((row) => {
		try {
			seal.open(row.id, row.sealed_credentials);
			return true;
		} catch {
			return false;
		}
	});
}

/** A row as another runtime with the same secret would read it. */
async function persisted(id: string): Promise<InstanceRecord | undefined> {
	const { rows } = await client.query<{ record: Omit<InstanceRecord, 'key' | 'secret'>; sealed_credentials: string }>(
		`select record, sealed_credentials from ${STATE_TABLE} where id = $1`,
		[id],
	);
	const row = rows[0];
	return row && { ...row.record, ...new CredentialsSeal([RUNTIME_SECRET]).open(id, row.sealed_credentials).credentials };
}

beforeAll(async () => {
	database = await createTestDatabase('statestore');
	client = new pg.Client({ connectionString: database.connectionString });
	await client.connect();
});

afterAll(async () => {
	await client?.end();
	await database?.drop();
});

beforeEach(() => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'pg-state-'));
	logged.length = 0;
});

afterEach(async () => {
	rmSync(dataDir, { recursive: true, force: true });
	await client.query(`drop table if exists ${STATE_TABLE}`);
});

describe('StateStore on PostgreSQL', () => {
	instanceStoreContract({
		name: 'PostgreSQL',
		open: async () => openStore(),
		persisted,
		cleanUp: async (store) => store.close(),
	});
});

describe("the runtime's claim on a database's records", () => {
	it('refuses a second runtime while the first holds them, saying why; once the first stops, the next reads the same records', () => {
		const first = openStore();
		first.put(projectRecordFixture('p-claimed', '/data/p-claimed', { key: 'claimed-key', secret: 'claimed-secret' }));

		expect(() => openStore()).toThrow(/another runtime holds the site records in this database/);

		first.close();
		const next = openStore();
		try {
			expect(next.get('p-claimed')).toMatchObject({ id: 'p-claimed', key: 'claimed-key', secret: 'claimed-secret' });
		} finally {
			next.close();
		}
	});

	it('is let go when the server ends its session, and taken again before the next write', async () => {
		const store = openStore();
		try {
			store.put(projectRecordFixture('p-1', '/data/p-1'));
			const ended = await client.query<{ ended: boolean }>(
				`select pg_terminate_backend(pid) as ended from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()`,
			);
			expect(ended.rows).toEqual([{ ended: true }]);

			store.setDomains('p-1', ['one.example']);

			expect(await persisted('p-1')).toMatchObject({ domains: ['one.example'] });
			expect(() => openStore()).toThrow(/another runtime holds the site records/);
		} finally {
			store.close();
		}
	});

	it('refuses a write once another runtime took the records while its session was gone, and keeps its records as they were', async () => {
		const store = openStore();
		let other: StateStore | undefined;
		try {
			store.put(projectRecordFixture('p-1', '/data/p-1'));
			await client.query(`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted`);
			await expect.poll(() => client.query(`select count(*)::int as n from pg_locks where locktype = 'advisory'`).then((r) => r.rows[0].n), { timeout: 15_000 }).toBe(0);
			other = openStore();

			expect(() => store.setDomains('p-1', ['stolen.example'])).toThrow(/another runtime holds the site records/);

			expect(store.get('p-1')!.domains).toEqual([]);
			expect(await persisted('p-1')).toMatchObject({ domains: [] });
		} finally {
			other?.close();
			store.close();
		}
	});
});

describe('the state database', () => {
	it('is made on the first start when the server has none of that name', async () => {
		const url = new URL(database.connectionString);
		url.pathname = `/${url.pathname.slice(1)}_new`;
		const store = new StateStore(postgresStatePersistence({ url: url.toString(), secrets: [RUNTIME_SECRET], dataDir, log: () => {} }), '12.4.0');
		try {
			store.put(projectRecordFixture('p-1', '/data/p-1'));
		} finally {
			store.close();
		}
		const reopened = new StateStore(postgresStatePersistence({ url: url.toString(), secrets: [RUNTIME_SECRET], dataDir, log: () => {} }), '12.4.0');
		try {
			expect(reopened.all().map((record) => record.id)).toEqual(['p-1']);
		} finally {
			reopened.close();
			await client.query(`drop database if exists ${pg.escapeIdentifier(url.pathname.slice(1))} with (force)`);
		}
	});
});

describe('credentials at rest', () => {
	it('keeps no credential in clear in the table, and a sealed value copied into another row does not open there', async () => {
		const store = openStore();
		store.put(projectRecordFixture('p-a', '/data/p-a', { key: 'key-of-a', secret: 'secret-of-a' }));
		store.put(projectRecordFixture('p-b', '/data/p-b', { key: 'key-of-b', secret: 'secret-of-b' }));
		store.close();

		const { rows } = await client.query<{ id: string; row: string }>(`select id, row_to_json(t)::text as row from ${STATE_TABLE} t order by id`);
		expect(rows.map((row) => row.id)).toEqual(['p-a', 'p-b']);
		for (const { row } of rows) expect(row).not.toMatch(/key-of-|secret-of-/);

		await client.query(`update ${STATE_TABLE} set sealed_credentials = (select sealed_credentials from ${STATE_TABLE} where id = 'p-a') where id = 'p-b'`);
		expect(() => openStore()).toThrow('instance p-b: its credentials do not open with this RUNTIME_SECRET');
	});

	it("does not open with another runtime's secret", () => {
		const store = openStore();
		store.put(projectRecordFixture('p-a', '/data/p-a'));
		store.close();

		expect(() => openStore('another-runtime-secret-of-32-characters!')).toThrow('instance p-a: its credentials do not open with this RUNTIME_SECRET');
	});
});

describe('a rotation of RUNTIME_SECRET (RUNTIME_SECRET_PREVIOUS)', () => {
	const NEW_SECRET = 'the-new-runtime-secret-of-32-characters';

	it('opens the records sealed under the previous secret and seals them again under the new one, so the previous can go', async () => {
		const before = openStore();
		before.put(projectRecordFixture('p-a', '/data/p-a', { key: 'key-of-a', secret: 'secret-of-a' }));
		before.put(projectRecordFixture('p-b', '/data/p-b', { key: 'key-of-b', secret: 'secret-of-b' }));
		before.close();

		const rotating = openStore(NEW_SECRET, RUNTIME_SECRET);
		try {
			expect(rotating.get('p-a')).toMatchObject({ key: 'key-of-a', secret: 'secret-of-a' });
			expect(rotating.get('p-b')).toMatchObject({ key: 'key-of-b', secret: 'secret-of-b' });
			expect(logged).toEqual(['the credentials of 2 instance records were sealed under RUNTIME_SECRET_PREVIOUS and are now sealed under RUNTIME_SECRET']);
			expect(await rowsOpenUnder(NEW_SECRET)).toEqual([true, true]);
			expect(await rowsOpenUnder(RUNTIME_SECRET)).toEqual([false, false]);
			rotating.put(projectRecordFixture('p-c', '/data/p-c'));
		} finally {
			rotating.close();
		}

		logged.length = 0;
		const after = openStore(NEW_SECRET);
		try {
			expect(after.all().map((record) => record.id)).toEqual(['p-a', 'p-b', 'p-c']);
			expect(after.get('p-a')).toMatchObject({ key: 'key-of-a', secret: 'secret-of-a' });
			expect(logged).toEqual([]);
		} finally {
			after.close();
		}
	});

	it('refuses a record that opens under neither secret, naming both, and changes nothing', async () => {
		const before = openStore();
		before.put(projectRecordFixture('p-a', '/data/p-a'));
		before.close();

		expect(() => openStore(NEW_SECRET, 'a-third-runtime-secret-of-32-characters')).toThrow(
			'instance p-a: its credentials do not open with RUNTIME_SECRET nor RUNTIME_SECRET_PREVIOUS',
		);
		expect(await rowsOpenUnder(RUNTIME_SECRET)).toEqual([true]);
	});
});

describe("an earlier runtime's state file", () => {
	it('is taken into an empty table once, and renamed so that nothing reads it again', async () => {
		const earlier: RuntimeState = { version: 1, instances: { 'p-old': projectRecordFixture('p-old', '/data/p-old', { domains: ['old.example'], secret: 'old-secret' }) } };
		writeFileSync(stateFilePath(dataDir), JSON.stringify(earlier));

		const store = openStore();
		try {
			expect(store.get('p-old')).toMatchObject({ domains: ['old.example'], secret: 'old-secret' });
			expect(await persisted('p-old')).toMatchObject({ domains: ['old.example'], secret: 'old-secret' });
			expect(existsSync(stateFilePath(dataDir))).toBe(false);
			expect(existsSync(`${stateFilePath(dataDir)}.moved-to-postgresql`)).toBe(true);
			expect(logged).toEqual([expect.stringContaining('the 1 instance records of')]);
		} finally {
			store.close();
		}
	});

	it('is left alone when the table already holds records', async () => {
		const store = openStore();
		store.put(projectRecordFixture('p-current', '/data/p-current'));
		store.close();
		writeFileSync(stateFilePath(dataDir), JSON.stringify({ version: 1, instances: { 'p-old': projectRecordFixture('p-old', '/data/p-old') } }));

		const reopened = openStore();
		try {
			expect(reopened.all().map((record) => record.id)).toEqual(['p-current']);
			expect(existsSync(stateFilePath(dataDir))).toBe(true);
		} finally {
			reopened.close();
		}
	});
});
