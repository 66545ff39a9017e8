/**
 * Crashes: an instance killed with SIGKILL is restarted; a runtime killed with SIGKILL leaves its
 * instances serving and adopts them on its next start; a runtime killed in the middle of a create
 * converges on its next start with no orphaned process or folder.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { findOrphans, isProcessAlive, runtimeProcesses, runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'owner@example.com', password: 'owner-secret-password' };
let runtime: TestRuntime | null = null;

afterEach(async () => {
	await runtime?.destroy();
	runtime = null;
});

async function startRuntime(warmPoolSize = 0): Promise<TestRuntime> {
	runtime = new TestRuntime({ warmPoolSize });
	await runtime.start();
	return runtime;
}

describe('runtime supervision', () => {
	test('an instance killed with SIGKILL is restarted and serves again', async () => {
		const rt = await startRuntime();
		const created = await rt.driver.ensureInstance({ projectId: 'p-crash', subdomain: 'crash', projectName: 'Crash', admin });
		process.kill(created.pid!, 'SIGKILL');

		// The wait covers a boot on a CI machine that builds the stack's images meanwhile (a minute and more).
		const restarted = await waitFor(
			'the restarted instance',
			async () => {
				const status = await rt.driver.instanceStatus('p-crash');
				return status?.state === 'running' && status.pid !== created.pid ? status : null;
			},
			100_000,
		);
		expect(restarted.restarts).toBe(1);
		await expect(loginThroughRouter(rt.routerUrl, 'crash.localhost', admin.email, admin.password)).resolves.toBeTruthy();
		expect(findOrphans(rt.dataDir)).toEqual({ processes: [], folders: [] });
	}, 180_000);

	test('a runtime killed with SIGKILL leaves its instances serving and adopts them when it starts again', async () => {
		const rt = await startRuntime(1);
		await rt.waitForPool(1);
		const handedOut = await rt.driver.ensureInstance({ projectId: 'p-adopt', subdomain: 'adopt', projectName: 'Adopt', admin });
		await rt.waitForPool(1);
		// Once the pool is full again, the handed-out member is relaunched with its site URL.
		const created = await waitFor('the relaunch with the site URL', async () => {
			const status = await rt.driver.instanceStatus('p-adopt');
			return status?.state === 'running' && status.pid !== handedOut.pid ? status : null;
		});
		const poolPid = Object.values(runtimeState(rt.dataDir).instances).find((record) => record.kind === 'pool')!.pid!;

		await rt.kill9();
		expect(isProcessAlive(created.pid!)).toBe(true);
		await rt.start();

		// An adopted process counts as starting until it answers the new runtime's check (it may
		// have been killed mid-boot); on a loaded machine that can come after the runtime listens.
		const status = await waitFor('the adopted instance to answer the new runtime', async () => {
			const current = await rt.driver.instanceStatus('p-adopt');
			return current?.state === 'starting' ? null : current;
		});
		expect(status).toMatchObject({ state: 'running', pid: created.pid });
		expect(runtimeProcesses(rt.dataDir).sort()).toEqual([created.pid!, poolPid].sort());
		expect((await hostRequest(rt.routerUrl, 'adopt.localhost', '/server/ping')).body).toBe('pong');
	}, 120_000);

	// Early: while the database is being cloned. Late: while the new Directus is booting.
	test.each([
		['while cloning the database', 30],
		['while the instance boots', 1500],
	])(
		'a runtime killed %s converges on its next start with no orphans',
		async (_moment, delayMs) => {
			const rt = await startRuntime();
			const request = { projectId: 'p-interrupted', subdomain: 'interrupted', projectName: 'Interrupted', admin };
			const interrupted = rt.driver.ensureInstance(request).catch((error: Error) => error);
			await new Promise((resolve) => setTimeout(resolve, delayMs));
			await rt.kill9();
			expect(await interrupted).toBeInstanceOf(Error);

			await rt.start();
			expect(findOrphans(rt.dataDir)).toEqual({ processes: [], folders: [] });

			// The control plane's reconcile loop retries the create; it must end with one instance.
			const status = await rt.driver.ensureInstance(request);
			expect(status.state).toBe('running');
			await expect(loginThroughRouter(rt.routerUrl, 'interrupted.localhost', admin.email, admin.password)).resolves.toBeTruthy();
			expect(runtimeProcesses(rt.dataDir)).toEqual([status.pid]);
			expect(findOrphans(rt.dataDir)).toEqual({ processes: [], folders: [] });
		},
		120_000,
	);

	test('stopping the runtime with SIGTERM stops all its instances', async () => {
		const rt = await startRuntime(1);
		await rt.driver.ensureInstance({ projectId: 'p-term', subdomain: 'term', projectName: 'Term', admin });
		await rt.waitForPool(1);
		// The project, the pool member, and maybe the project's relaunch with its site URL.
		expect(runtimeProcesses(rt.dataDir).length).toBeGreaterThanOrEqual(2);
		await rt.stop();
		expect(runtimeProcesses(rt.dataDir)).toEqual([]);
	}, 120_000);
});
