/**
 * Faults forced in a real runtime: a usage file that cannot be written, a start that fails before
 * its process is followed, a malformed API path. After each, the runtime still runs, its API
 * answers and its site serves.
 */
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { runtimeProcesses, runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { TestRuntime, type RuntimeDatabaseClient } from '../support/test-runtime.ts';

const db = (process.env['RUNTIME_TEST_DB'] ?? 'sqlite3') as RuntimeDatabaseClient;
const admin = { email: 'faults@example.com', password: 'faults-secret-password' };
let runtime: TestRuntime;

beforeAll(async () => {
	runtime = new TestRuntime({ db, warmPoolSize: 0 });
	await runtime.start();
	const created = await runtime.driver.ensureInstance({ projectId: 'p-faults', subdomain: 'faults', projectName: 'Faults', admin });
	expect(created.state).toBe('running');
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

const runtimeRuns = () => runtime.process !== null && runtime.process.exitCode === null && runtime.process.signalCode === null;

async function ping(): Promise<string> {
	const response = await hostRequest(runtime.routerUrl, 'faults.localhost', '/server/ping', { headers: { accept: 'application/json' } });
	return `${response.status} ${response.body.slice(0, 200)}`;
}

describe(`forced faults (${db})`, () => {
	test('a usage file that cannot be written ends neither the runtime nor the counts', async () => {
		const usageFile = path.join(runtime.dataDir, 'usage.json');
		// A folder where the counter writes its temporary file: every flush fails with EISDIR.
		const blocker = `${usageFile}.tmp`;
		mkdirSync(blocker);
		const pings: string[] = [];
		for (let i = 0; i < 5; i++) pings.push(await ping());
		await waitFor('a usage flush', () => runtime.output().includes('could not write the usage counts') || !runtimeRuns(), 15_000);
		expect(runtimeRuns(), runtime.output().slice(-3000)).toBe(true);
		expect(runtime.output()).toMatch(/could not write the usage counts.*EISDIR/);
		expect(pings).toEqual(Array(5).fill('200 pong'));

		const counted = (await runtime.driver.usage('2000-01-01', 'p-faults')).reduce((sum, row) => sum + row.requests, 0);
		const unblockedAt = Date.now();
		rmSync(blocker, { recursive: true });
		await waitFor('the next usage write', () => (statSync(usageFile, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= unblockedAt, 15_000);
		const onDisk = JSON.parse(readFileSync(usageFile, 'utf8')) as Record<string, Record<string, number>>;
		expect(Object.values(onDisk['p-faults'] ?? {}).reduce((sum, requests) => sum + requests, 0)).toBe(counted);
		// Only now: a request counted earlier would have hidden counts lost by the failed write.
		expect(await ping()).toBe('200 pong');
	}, 60_000);

	test('a start that fails before its process is followed leaves the site startable and wakeable', async () => {
		await runtime.driver.suspendInstance('p-faults');
		const log = path.join(runtimeState(runtime.dataDir).instances['p-faults']!.dir, 'directus.log');
		// A folder where the instance's log goes: the spawn cannot open it.
		rmSync(log, { force: true });
		mkdirSync(log);
		const failed = await runtime.driver.startInstance('p-faults').then(
			() => null,
			(error: Error) => error,
		);
		expect(failed?.message).toMatch(/EISDIR/);
		rmSync(log, { recursive: true });

		// The next request wakes the site: the failed start must not be handed to it.
		expect(await ping()).toBe('200 pong');
		expect(runtimeRuns(), runtime.output().slice(-3000)).toBe(true);
		const status = await runtime.driver.instanceStatus('p-faults');
		expect(status?.state).toBe('running');
		expect(runtimeProcesses(runtime.dataDir)).toEqual([status!.pid]);
	}, 60_000);

	test('a malformed %-escape in an API path gets 400, and the runtime goes on', async () => {
		const response = await fetch(`${runtime.apiUrl}/instances/%E0%A4%A`, { headers: { authorization: `Bearer ${runtime.secret}` } });
		expect(response.status).toBe(400);
		const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
		expect(body.errors[0]?.extensions.code).toBe('INVALID_PATH');
		expect(await ping()).toBe('200 pong');
	});
});
