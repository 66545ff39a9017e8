/**
 * A real runtime with its instance records in PostgreSQL (RUNTIME_STATE_PG_URL): nothing of them on
 * its disk, a second runtime on the same records refused before it touches anything, and a runtime
 * killed with SIGKILL followed by one that reads the records from the database and adopts the site
 * still running, with the settings the owner gave it, and one started in a rotation of its secret
 * that adopts it too, its records sealed again under the new secret.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CredentialsSeal } from '../../runtime/src/state/postgres/sealed-credentials.ts';
import { STATE_TABLE } from '../../runtime/src/state/postgres/state-table.ts';
import { hostRequest } from '../support/host-request.ts';
import { createTestDatabase, withAdminClient, type TestDatabase } from '../support/postgres.ts';
import { TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'owner@example.com', password: 'records-secret-password' };
let stateDatabase: TestDatabase;
let runtime: TestRuntime;
/** The runtime's own variables, changed between its starts as an operator changes its environment. */
const runtimeEnv: Record<string, string> = {};

async function storedRecords(): Promise<{ id: string; subdomain: string; cors: string[]; row: string }[]> {
	const { rows } = await withAdminClient(stateDatabase.connectionString, (client) =>
		client.query<{ id: string; subdomain: string; cors: string[]; row: string }>(
			`select id, record->>'subdomain' as subdomain, record->'corsOrigins' as cors, row_to_json(t)::text as row from ${STATE_TABLE} t order by id`,
		),
	);
	return rows;
}

beforeAll(async () => {
	stateDatabase = await createTestDatabase('rtrecords');
	runtimeEnv['RUNTIME_STATE_PG_URL'] = stateDatabase.connectionString;
	runtime = new TestRuntime({ db: 'pg', warmPoolSize: 0, env: runtimeEnv });
	await runtime.start();
	await runtime.driver.ensureInstance({ projectId: 'p-records', subdomain: 'records', projectName: 'Records', admin });
	await runtime.driver.setCorsOrigins('p-records', ['https://app.records.example']);
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
	await stateDatabase?.drop();
});

describe("a runtime's records in PostgreSQL", () => {
	test('are in the state table, credentials sealed, and nothing of them is on its disk', async () => {
		const records = await storedRecords();
		expect(records.map(({ id, subdomain, cors }) => ({ id, subdomain, cors }))).toEqual([{ id: 'p-records', subdomain: 'records', cors: ['https://app.records.example'] }]);
		expect(records[0]!.row).not.toContain('"secret"');
		expect(existsSync(path.join(runtime.dataDir, 'state.json'))).toBe(false);
	});

	test('a second runtime on the same records is refused at start, saying why, and the first keeps serving', async () => {
		const second = new TestRuntime({ db: 'pg', warmPoolSize: 0, env: { RUNTIME_STATE_PG_URL: stateDatabase.connectionString } });
		try {
			await expect(second.start()).rejects.toThrow(/another runtime holds the site records in this database/);
		} finally {
			await second.destroy();
		}
		expect((await hostRequest(runtime.routerUrl, 'records.localhost', '/server/ping')).body).toBe('pong');
	}, 120_000);

	test('a runtime killed with SIGKILL is followed by one that reads them from the database and adopts the running site', async () => {
		const before = await runtime.driver.instanceStatus('p-records');
		expect(before).toMatchObject({ state: 'running' });

		await runtime.kill9();
		await runtime.start();

		expect(await runtime.driver.instanceStatus('p-records')).toMatchObject({ state: 'running', pid: before!.pid, corsOrigins: ['https://app.records.example'] });
		expect((await hostRequest(runtime.routerUrl, 'records.localhost', '/server/ping')).body).toBe('pong');
		expect(existsSync(path.join(runtime.dataDir, 'state.json'))).toBe(false);
	}, 120_000);

	test('a runtime started with a new RUNTIME_SECRET and the old one as RUNTIME_SECRET_PREVIOUS adopts the site, seals its record again under the new one, and answers either', async () => {
		const before = await runtime.driver.instanceStatus('p-records');
		const newSecret = randomBytes(24).toString('base64url');
		// Killed, so that the site outlives it (a clean stop would stop the site too) and is adopted.
		await runtime.kill9();
		runtimeEnv['RUNTIME_SECRET'] = newSecret;
		runtimeEnv['RUNTIME_SECRET_PREVIOUS'] = runtime.secret;
		// The test's driver (and the start's wait for the API) still send the old secret, as a
		// control plane not yet given the new one does.
		await runtime.start();

		expect(await runtime.driver.instanceStatus('p-records')).toMatchObject({ state: 'running', pid: before!.pid });
		const withNew = await fetch(`${runtime.apiUrl}/instances`, { headers: { authorization: `Bearer ${newSecret}` } });
		expect(withNew.status).toBe(200);
		const { rows } = await withAdminClient(stateDatabase.connectionString, (client) =>
			client.query<{ sealed_credentials: string }>(`select sealed_credentials from ${STATE_TABLE} where id = 'p-records'`),
		);
		expect(new CredentialsSeal([newSecret]).open('p-records', rows[0]!.sealed_credentials).underPreviousSecret).toBe(false);
		expect(() => new CredentialsSeal([runtime.secret]).open('p-records', rows[0]!.sealed_credentials)).toThrow(/do not open/);
		expect((await hostRequest(runtime.routerUrl, 'records.localhost', '/server/ping')).body).toBe('pong');
	}, 120_000);
});
