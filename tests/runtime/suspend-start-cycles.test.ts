/**
 * Suspending and starting one site many times in a row: each start must serve, and at the end
 * exactly one process of the site runs. A process that exits late must not be mistaken for the
 * one that replaced it. The race itself is pinned without timing by process-supervisor.test.ts
 * ("a stopped process whose exit arrives while its replacement starts…"); these cycles are the same
 * rule on real processes, about eight seconds each on PostgreSQL on a loaded CI machine. Six
 * cycles, not twelve: the race's every outcome is the unit test's, and twelve took four minutes of
 * one core on a new CI machine.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { runtimeProcesses, runtimeState } from '../support/runtime-inspection.ts';
import { TestRuntime, type RuntimeDatabaseClient } from '../support/test-runtime.ts';

const db = (process.env['RUNTIME_TEST_DB'] ?? 'sqlite3') as RuntimeDatabaseClient;
const CYCLES = 6;
let runtime: TestRuntime;

beforeAll(async () => {
	runtime = new TestRuntime({ db, warmPoolSize: 0 });
	await runtime.start();
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

test(`a site suspended and started ${CYCLES} times in a row serves, with exactly one process (${db})`, async () => {
	const admin = { email: 'cycles@example.com', password: 'cycles-secret-password' };
	const created = await runtime.driver.ensureInstance({ projectId: 'p-cycles', subdomain: 'cycles', projectName: 'Cycles', admin });
	expect(created.state).toBe('running');

	const failures: string[] = [];
	for (let cycle = 1; cycle <= CYCLES; cycle++) {
		try {
			const suspended = await runtime.driver.suspendInstance('p-cycles');
			if (suspended.state !== 'suspended') failures.push(`cycle ${cycle}: suspend answered ${suspended.state}`);
			const started = await runtime.driver.startInstance('p-cycles');
			if (started.state !== 'running') failures.push(`cycle ${cycle}: start answered ${started.state}`);
			const ping = await hostRequest(runtime.routerUrl, 'cycles.localhost', '/server/ping');
			if (ping.body !== 'pong') failures.push(`cycle ${cycle}: ping answered ${ping.status} ${ping.body.slice(0, 200)}`);
		} catch (error) {
			failures.push(`cycle ${cycle}: ${(error as Error).message}`);
		}
	}
	expect(failures).toEqual([]);

	const status = await runtime.driver.instanceStatus('p-cycles');
	expect(status).toMatchObject({ state: 'running' });
	expect(runtimeState(runtime.dataDir).instances['p-cycles']?.pid).toBe(status!.pid);
	// The pool is empty, so every process of this runtime is the site's.
	expect(runtimeProcesses(runtime.dataDir)).toEqual([status!.pid]);
}, 600_000);
