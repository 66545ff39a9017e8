/**
 * RUNTIME_DRIVER=docker, the paused sleep tier: an idle site's container is frozen (`docker
 * pause`), its memory kept, and its next request is answered by the same container, thawed. A
 * paused site stops cleanly, and a runtime killed while a site is paused leaves no frozen container
 * behind once it starts again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InstanceStatus, SleepTiersStatus } from '@epic/runtime-contract';
import { containerOfSite, containersOfRuntime, dockerDriverEnv } from '../support/docker.ts';
import { hostRequest } from '../support/host-request.ts';
import { instanceDirOf, isProcessAlive } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';
import { sleepAndWakeRepeatedly } from '../support/wake-cycles.ts';

const admin = { email: 'frozen@example.com', password: 'frozen-secret-password' };
let runtime: TestRuntime;

async function pausedStatus(projectId: string): Promise<InstanceStatus> {
	return waitFor(`${projectId} to sleep paused`, async () => {
		const status = await runtime.driver.instanceStatus(projectId);
		return status?.state === 'sleeping' && status.sleepTier === 'paused' ? status : null;
	});
}

async function sleepTiers(): Promise<SleepTiersStatus> {
	const response = await fetch(`${runtime.apiUrl}/sleep-tiers`, { headers: { authorization: `Bearer ${runtime.secret}` } });
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: SleepTiersStatus }).data;
}

async function ping(host: string): Promise<string> {
	const answer = await hostRequest(runtime.routerUrl, host, '/server/ping', { headers: { accept: 'application/json' } });
	return `${answer.status} ${answer.body}`;
}

beforeAll(async () => {
	runtime = new TestRuntime({
		warmPoolSize: 0,
		idleTimeoutSeconds: 2,
		env: await dockerDriverEnv(),
		sleepTiers: { pausedMemoryLimitMb: 100_000, pausedForSeconds: 3600, checkpoints: false },
	});
	await runtime.start();
}, 300_000);

afterAll(async () => {
	await runtime?.destroy();
});

describe('the docker runtime driver, paused tier', () => {
	test("an idle site's container is frozen with its memory, and its next request is answered by that same container", async () => {
		const created = await runtime.driver.ensureInstance({ projectId: 'p-frozen', subdomain: 'frozen', projectName: 'Frozen', admin });
		const dir = instanceDirOf(runtime.dataDir, 'p-frozen');
		const before = await containerOfSite(runtime.dataDir, dir);
		expect(runtime.output()).toContain('sleep tiers: paused, stopped');

		const paused = await pausedStatus('p-frozen');
		const frozen = await containerOfSite(runtime.dataDir, dir);
		expect(frozen.Id).toBe(before.Id);
		expect(frozen.State.Paused).toBe(true);
		// The CLI the supervisor tracks lives on; the container's memory is still held.
		expect(paused.pid).toBe(created.pid);
		expect(isProcessAlive(created.pid!)).toBe(true);
		expect(paused.memoryBytes).toBeGreaterThan(100 * 1024 * 1024);
		expect((await sleepTiers()).paused).toBe(1);

		expect(await ping('frozen.localhost')).toBe('200 pong');
		const thawed = await containerOfSite(runtime.dataDir, dir);
		expect(thawed.Id).toBe(before.Id);
		expect(thawed.State).toMatchObject({ Running: true, Paused: false });
		expect(await runtime.driver.instanceStatus('p-frozen')).toMatchObject({ state: 'running', pid: created.pid });
		await expect(loginThroughRouter(runtime.routerUrl, 'frozen.localhost', admin.email, admin.password)).resolves.toBeTruthy();
	}, 180_000);

	test("five wakes in a row, each after the site's keep-alive ran out while frozen, are all answered by the same container", async () => {
		const dir = instanceDirOf(runtime.dataDir, 'p-frozen');
		const container = await containerOfSite(runtime.dataDir, dir);
		const wakes = await sleepAndWakeRepeatedly(runtime, 'p-frozen', 'frozen.localhost', 'paused', 5);
		expect(wakes.map(({ status, body }) => `${status} ${body}`)).toEqual(Array(5).fill('200 pong'));
		expect((await containerOfSite(runtime.dataDir, dir)).Id).toBe(container.Id);
		expect(runtime.output()).not.toContain('proxy to the upstream failed');
	}, 180_000);

	test('a paused site that is stopped is thawed and its container ends', async () => {
		await pausedStatus('p-frozen');
		const stopped = await runtime.driver.stopInstance('p-frozen');
		expect(stopped.state).toBe('stopped');
		await waitFor('the stopped site to have no container', async () => (await containersOfRuntime(runtime.dataDir)).length === 0);
		expect(runtime.output()).not.toContain('unpause failed');
		const started = await runtime.driver.startInstance('p-frozen');
		expect(started.state).toBe('running');
		expect(await ping('frozen.localhost')).toBe('200 pong');
	}, 120_000);

	test('a runtime killed while a site is paused thaws the frozen container when it starts again, and the site boots anew on its next request', async () => {
		const paused = await pausedStatus('p-frozen');
		const frozen = await containerOfSite(runtime.dataDir, instanceDirOf(runtime.dataDir, 'p-frozen'));
		expect(frozen.State.Paused).toBe(true);
		await runtime.kill9();

		await runtime.start();
		expect(runtime.output()).toContain('1 site containers a previous runtime left paused were thawed');
		// Thawed, the container sees its CLI (killed by the recovery: the site was asleep) gone and ends.
		await waitFor('the frozen container to end', async () => (await containersOfRuntime(runtime.dataDir)).length === 0);
		expect(isProcessAlive(paused.pid!)).toBe(false);

		expect(await ping('frozen.localhost')).toBe('200 pong');
		const booted = await containerOfSite(runtime.dataDir, instanceDirOf(runtime.dataDir, 'p-frozen'));
		expect(booted.Id).not.toBe(frozen.Id);
	}, 180_000);

	test('a runtime stopped while a site is paused leaves no container behind', async () => {
		await pausedStatus('p-frozen');
		await runtime.stop();
		expect(await containersOfRuntime(runtime.dataDir)).toEqual([]);
		await runtime.start();
	}, 120_000);
});
