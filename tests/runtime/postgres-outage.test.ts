/**
 * The runtime's admin database refusing (PostgreSQL only: the runtime reaches the server through a
 * gate the test closes). A warm-pool refill then can neither clone nor drop a database; the runtime
 * must log it, keep its sites serving, and refill the pool once the database answers again.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { PostgresGate } from '../support/postgres-gate.ts';
import { findOrphans, isProcessAlive, runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';
import { databasesWithPrefix, TestRuntime } from '../support/test-runtime.ts';

const adminDatabase = new URL(TEST_POSTGRES_URL).pathname.slice(1) || 'postgres';
let gate: PostgresGate;
let runtime: TestRuntime;

beforeAll(async () => {
	gate = await PostgresGate.open(TEST_POSTGRES_URL);
	runtime = new TestRuntime({ db: 'pg', warmPoolSize: 1, pgUrl: gate.url });
	await runtime.start();
	await runtime.waitForPool(1);
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
	await gate?.close();
});

const runtimeRuns = () => runtime.process !== null && runtime.process.exitCode === null && runtime.process.signalCode === null;

test('a refill that fails while the database refuses ends neither the runtime nor its sites, and is tried again', async () => {
	gate.refuse(adminDatabase);
	// The hand-out writes only to the member's own database, which still answers; the refill it
	// starts needs the admin database for the clone and, once that failed, for the drop.
	const admin = { email: 'outage@example.com', password: 'outage-secret-password' };
	const site = await runtime.driver.ensureInstance({ projectId: 'p-outage', subdomain: 'outage', projectName: 'Outage', admin });
	expect(site).toMatchObject({ state: 'running', source: 'warm-pool' });
	await waitFor('the failed refill to be handled', () => runtime.output().includes('warm pool: trying again') || !runtimeRuns(), 60_000);
	expect(runtimeRuns(), runtime.output().slice(-3000)).toBe(true);
	expect(runtime.output()).toMatch(/warm pool: could not remove the failed instance pool-\S+: /);
	expect(runtime.output()).toMatch(/warm pool: could not prepare an instance: /);

	const ping = await hostRequest(runtime.routerUrl, 'outage.localhost', '/server/ping', { headers: { accept: 'application/json' } });
	expect([ping.status, ping.body]).toEqual([200, 'pong']);
	const pool = await fetch(`${runtime.apiUrl}/pool`, { headers: { authorization: `Bearer ${runtime.secret}` } });
	expect(pool.status).toBe(200);

	gate.admit(adminDatabase);
	await runtime.waitForPool(1, 90_000);
	// The handed-out member is relaunched with its site URL once the first refill has ended, failed
	// or not; the process it replaces exits after its replacement answers. Until both are done the
	// two overlap by design (CI once counted the retiring one as an orphan here).
	const relaunched = await waitFor(
		'the relaunch with the site URL',
		async () => {
			const status = await runtime.driver.instanceStatus('p-outage');
			return status?.publicUrl && status.pid !== site.pid ? status : null;
		},
		60_000,
	);
	await waitFor('the process the relaunch replaced to exit', () => !isProcessAlive(site.pid!), 15_000);
	// The member that failed half-way is gone, database included.
	const records = Object.values(runtimeState(runtime.dataDir).instances);
	expect(records.map((record) => [record.kind, record.phase]).sort()).toEqual([
		['pool', 'ready'],
		['project', 'ready'],
	]);
	expect(findOrphans(runtime.dataDir)).toEqual({ processes: [], folders: [] });
	const referenced = new Set(records.map((record) => (record.storage.client === 'pg' ? record.storage.database : '')));
	const unexplained = (await databasesWithPrefix(runtime.dbPrefix)).filter((name) => !referenced.has(name) && !name.includes('_template_'));
	expect(unexplained).toEqual([]);
	expect(await runtime.driver.instanceStatus('p-outage')).toMatchObject({ state: 'running', pid: relaunched.pid });
}, 180_000);
