/**
 * The sleep tiers with a real Directus: a paused site answers its next request; a checkpointed one
 * (CRIU) is restored and serves login, reads and a write that persists; its image is used once;
 * a restore that fails (a corrupt image, its port taken) ends in a cold boot; and a runtime without
 * CRIU still sleeps and wakes its sites.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InstanceStatus, SleepTier, SleepTiersStatus } from '@epic/runtime-contract';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { isProcessAlive, runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';
import { sleepAndWakeRepeatedly } from '../support/wake-cycles.ts';

const admin = { email: 'tiers@example.com', password: 'tiers-secret-password' };

async function sleepingIn(runtime: TestRuntime, projectId: string, tier: SleepTier): Promise<InstanceStatus> {
	return waitFor(`${projectId} to sleep ${tier}`, async () => {
		const status = await runtime.driver.instanceStatus(projectId);
		return status?.state === 'sleeping' && status.sleepTier === tier ? status : null;
	});
}

async function sleepTiers(runtime: TestRuntime): Promise<SleepTiersStatus> {
	const response = await fetch(`${runtime.apiUrl}/sleep-tiers`, { headers: { authorization: `Bearer ${runtime.secret}` } });
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: SleepTiersStatus }).data;
}

function processState(pid: number): string {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

async function ping(runtime: TestRuntime, host: string): Promise<void> {
	const answer = await hostRequest(runtime.routerUrl, host, '/server/ping', { headers: { accept: 'application/json' } });
	expect(answer.status).toBe(200);
	expect(answer.body).toBe('pong');
}

describe('without CRIU: paused, then stopped', () => {
	let runtime: TestRuntime;

	beforeAll(async () => {
		runtime = new TestRuntime({
			warmPoolSize: 0,
			idleTimeoutSeconds: 2,
			sleepTiers: { pausedMemoryLimitMb: 100_000, pausedForSeconds: 6, checkpoints: false },
		});
		await runtime.start();
		await runtime.driver.ensureInstance({ projectId: 'p-pause', subdomain: 'pausy', projectName: 'Pausy', admin });
	}, 180_000);

	afterAll(async () => {
		await runtime?.destroy();
	});

	test('the status API says why checkpoints are off', async () => {
		const tiers = await sleepTiers(runtime);
		expect(tiers.checkpoint).toEqual({ available: false, reason: 'CRIU_PATH is not set', criuVersion: null });
		expect(runtime.output()).toContain('sleep tiers: paused, stopped (no checkpoints: CRIU_PATH is not set)');
		// How the process driver isolates sites is said at every start (the suite runs as root).
		expect(runtime.output()).toContain('sites run as processes, each as its own uid from 200000 on: a site reads and writes its own folder only.');
	});

	test('an idle site is paused (its process stopped, not ended) and answers its next request', async () => {
		const paused = await sleepingIn(runtime, 'p-pause', 'paused');
		expect(paused.pid).not.toBeNull();
		expect(processState(paused.pid!)).toBe('T');
		expect((await sleepTiers(runtime)).paused).toBe(1);

		await ping(runtime, 'pausy.localhost');
		const awake = await runtime.driver.instanceStatus('p-pause');
		expect(awake).toMatchObject({ state: 'running', pid: paused.pid });
		expect(awake!.sleepTier).toBeUndefined();
		expect(processState(paused.pid!)).not.toBe('T');
	}, 60_000);

	test('a site paused for long enough is stopped, and a request boots it', async () => {
		const paused = await sleepingIn(runtime, 'p-pause', 'paused');
		const stopped = await sleepingIn(runtime, 'p-pause', 'stopped');
		expect(stopped.pid).toBeNull();
		expect(isProcessAlive(paused.pid!)).toBe(false);

		const token = await loginThroughRouter(runtime.routerUrl, 'pausy.localhost', admin.email, admin.password);
		expect(token.length).toBeGreaterThan(20);
		expect((await runtime.driver.instanceStatus('p-pause'))?.state).toBe('running');
	}, 60_000);
});

describe('paused and woken again and again', () => {
	let runtime: TestRuntime;

	beforeAll(async () => {
		runtime = new TestRuntime({
			warmPoolSize: 0,
			idleTimeoutSeconds: 2,
			sleepTiers: { pausedMemoryLimitMb: 100_000, pausedForSeconds: 3600, checkpoints: false },
		});
		await runtime.start();
		await runtime.driver.ensureInstance({ projectId: 'p-again', subdomain: 'again', projectName: 'Again', admin });
	}, 180_000);

	afterAll(async () => {
		await runtime?.destroy();
	});

	test("five wakes in a row, each after the site's keep-alive ran out while paused, are all answered by the same process", async () => {
		const { pid } = (await runtime.driver.instanceStatus('p-again'))!;
		const wakes = await sleepAndWakeRepeatedly(runtime, 'p-again', 'again.localhost', 'paused', 5);
		expect(wakes.map(({ status, body }) => `${status} ${body}`)).toEqual(Array(5).fill('200 pong'));
		for (const wake of wakes) expect(wake.keptAlive).toBeGreaterThan(0);
		expect(await runtime.driver.instanceStatus('p-again')).toMatchObject({ state: 'running', pid, restarts: 0 });
		expect(runtime.output()).not.toContain('proxy to the upstream failed');
	}, 120_000);
});

describe('with CRIU: checkpointed', () => {
	let runtime: TestRuntime;
	const host = 'snappy.localhost';

	beforeAll(async () => {
		runtime = new TestRuntime({
			warmPoolSize: 0,
			idleTimeoutSeconds: 2,
			sleepTiers: { pausedMemoryLimitMb: 0, pausedForSeconds: 3600, checkpoints: true },
		});
		await runtime.start();
		await runtime.driver.ensureInstance({ projectId: 'p-snap', subdomain: 'snappy', projectName: 'Snappy', admin });
	}, 300_000);

	afterAll(async () => {
		await runtime?.destroy();
	});

	const imagesDir = () => path.join(runtime.dataDir, 'checkpoints');
	const images = () => {
		try {
			return readdirSync(imagesDir());
		} catch {
			return [];
		}
	};

	test('the status API and the start-up log say checkpoints work here', async () => {
		const tiers = await sleepTiers(runtime);
		expect(tiers.checkpoint.available).toBe(true);
		expect(tiers.checkpoint.criuVersion).toMatch(/^\d+\.\d+/);
		// Checkpoints need the sites in the runtime's own user, and start-up says what that gives away.
		expect(runtime.output()).toMatch(
			/sites run as processes of the runtime's own user, since SITES_SHARE_RUNTIME_USER is set \(for checkpoints\): .* each can read the runtime's state, secrets and every other site's files\./,
		);
		// This runtime never pauses (PAUSED_MEMORY_LIMIT_MB=0), and its start-up line says so.
		expect(runtime.output()).toMatch(/sleep tiers: checkpointed \(CRIU \d+\.\d+[^)]*\), stopped \(no pausing: PAUSED_MEMORY_LIMIT_MB is 0\)\n/);
	});

	test('a checkpointed site is restored and serves login, reads and a write that persists; its image is used once', async () => {
		const checkpointed = await sleepingIn(runtime, 'p-snap', 'checkpointed');
		expect(checkpointed.pid).toBeNull();
		expect(images()).toHaveLength(1);
		const tiers = await sleepTiers(runtime);
		expect(tiers.checkpointed).toBe(1);
		expect(tiers.imageBytes).toBeGreaterThan(10 * 1024 * 1024);

		const token = await loginThroughRouter(runtime.routerUrl, host, admin.email, admin.password);
		const restored = await runtime.driver.instanceStatus('p-snap');
		expect(restored?.state).toBe('running');
		expect(runtime.output()).not.toContain('restoring its checkpoint failed');
		expect(runtime.output()).not.toContain('did not answer, booting it instead');
		// Used once: the image is gone as soon as the restore has read it.
		expect(images()).toEqual([]);
		expect((await sleepTiers(runtime)).checkpointed).toBe(0);

		const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };
		const me = await hostRequest(runtime.routerUrl, host, '/users/me?fields=email', { headers: auth });
		expect(me.status, me.body).toBe(200);
		expect(me.json<{ data: { email: string } }>().data.email).toBe(admin.email);
		const body = jsonBody({ first_name: 'Restored' });
		const write = await hostRequest(runtime.routerUrl, host, '/users/me', { method: 'PATCH', body: body.body, headers: { ...body.headers, ...auth } });
		expect(write.status, write.body).toBe(200);

		// Persisted to SQLite: a cold boot (stop, start) reads it back.
		await runtime.driver.stopInstance('p-snap');
		await runtime.driver.startInstance('p-snap');
		const again = await loginThroughRouter(runtime.routerUrl, host, admin.email, admin.password);
		const read = await hostRequest(runtime.routerUrl, host, '/users/me?fields=first_name', { headers: { authorization: `Bearer ${again}` } });
		expect(read.json<{ data: { first_name: string } }>().data.first_name).toBe('Restored');
	}, 120_000);

	test("five wakes in a row from checkpoints, each after the site's keep-alive ran out, are all answered", async () => {
		const wakes = await sleepAndWakeRepeatedly(runtime, 'p-snap', host, 'checkpointed', 5);
		expect(wakes.map(({ status, body }) => `${status} ${body}`)).toEqual(Array(5).fill('200 pong'));
		for (const wake of wakes) expect(wake.keptAlive).toBeGreaterThan(0);
		expect(runtime.output()).not.toContain('restoring its checkpoint failed');
		expect(runtime.output()).not.toContain('proxy to the upstream failed');
	}, 180_000);

	test('a corrupt image ends in a cold boot', async () => {
		await sleepingIn(runtime, 'p-snap', 'checkpointed');
		const [image] = images();
		// The process tree's description: CRIU cannot parse it, so the restore fails.
		const cores = readdirSync(path.join(imagesDir(), image!)).filter((name) => name.startsWith('core-'));
		expect(cores.length).toBeGreaterThan(0);
		for (const name of cores) writeFileSync(path.join(imagesDir(), image!, name), randomBytes(512));

		await ping(runtime, host);
		expect(runtime.output()).toContain('instance p-snap: restoring its checkpoint failed, booting it instead');
		expect(images()).toEqual([]);
		expect((await runtime.driver.instanceStatus('p-snap'))?.state).toBe('running');
	}, 120_000);

	test('a restore whose port is taken ends in a cold boot on another port', async () => {
		await sleepingIn(runtime, 'p-snap', 'checkpointed');
		const port = runtimeState(runtime.dataDir).instances['p-snap']!.port;
		const squatter = net.createServer();
		await new Promise<void>((resolve, reject) => {
			squatter.once('error', reject);
			squatter.listen(port, '127.0.0.1', () => resolve());
		});
		try {
			const failuresBefore = runtime.output().split('restoring its checkpoint failed').length;
			await ping(runtime, host);
			expect(runtime.output().split('restoring its checkpoint failed').length).toBe(failuresBefore + 1);
			expect(images()).toEqual([]);
			const status = await runtime.driver.instanceStatus('p-snap');
			expect(status?.state).toBe('running');
			expect(status?.port).not.toBe(port);
		} finally {
			squatter.close();
		}
	}, 120_000);
});
