/**
 * RUNTIME_DRIVER=docker: each site in its own locked-down container, driven through the same
 * management API as processes. Crash restarts, sleep and wake, adoption after a runtime SIGKILL
 * and deletion behave as with processes, and the labels account for every container.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { startMailCatcher, type MailCatcher } from '@epic/local-platform/mail-catcher';
import { containerOfSite, containersOfRuntime, dockerDriverEnv, killContainer } from '../support/docker.ts';
import { hostRequest } from '../support/host-request.ts';
import { instanceDirOf, isProcessAlive, processEnvironment, runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';
import { sleepAndWakeRepeatedly } from '../support/wake-cycles.ts';

const admin = { email: 'boxed@example.com', password: 'boxed-secret-password' };
let runtime: TestRuntime;
let catcher: MailCatcher;

function siteDir(rt: TestRuntime, projectId: string): string {
	return instanceDirOf(rt.dataDir, projectId);
}

beforeAll(async () => {
	const smtpPort = await freeLoopbackPort();
	catcher = await startMailCatcher({ smtpPort, uiPort: await freeLoopbackPort() });
	runtime = new TestRuntime({ warmPoolSize: 0, idleTimeoutSeconds: 900, env: await dockerDriverEnv(), siteMailSmtpUrl: `smtp://127.0.0.1:${smtpPort}` });
	await runtime.start();
}, 300_000);

afterAll(async () => {
	await runtime?.destroy();
	await catcher?.close();
});

describe('the docker runtime driver', () => {
	test('a project runs in its own locked-down container and serves through the router', async () => {
		const created = await runtime.driver.ensureInstance({ projectId: 'p-boxed', subdomain: 'boxed', projectName: 'Boxed', admin });
		expect(created.state).toBe('running');
		const dir = siteDir(runtime, 'p-boxed');
		const container = await containerOfSite(runtime.dataDir, dir);

		expect(container.State.Running).toBe(true);
		// Memory is the container's (Directus: well over 100 MiB), not the docker CLI's (about 25 MiB).
		expect(created.memoryBytes).toBeGreaterThan(100 * 1024 * 1024);
		expect(created.memoryBytes).toBeLessThan(512 * 1024 * 1024);
		expect(container.Config.User).toBe('1000:1000');
		expect(container.HostConfig).toMatchObject({
			ReadonlyRootfs: true,
			CapDrop: ['ALL'],
			Privileged: false,
			Memory: 512 * 1024 * 1024,
			CpuShares: 1024,
			PidsLimit: 256,
			NetworkMode: 'epic-sites',
		});
		expect(container.HostConfig.CapAdd ?? []).toEqual([]);
		expect(container.HostConfig.SecurityOpt).toContain('no-new-privileges');
		expect(container.HostConfig.PortBindings['8055/tcp']).toEqual([{ HostIp: '127.0.0.1', HostPort: String(created.port) }]);
		// Its own folder is the only writable mount; the packages are read-only.
		const writable = container.Mounts.filter((mount) => mount.RW).map((mount) => mount.Source);
		expect(writable).toEqual([dir]);

		// The secrets reach the container through the CLI's environment, never its command line.
		const cliEnv = processEnvironment(created.pid!)!;
		const cmdline = readFileSync(`/proc/${created.pid}/cmdline`, 'utf8');
		expect(cliEnv.get('SECRET')?.length).toBeGreaterThan(20);
		expect(cmdline).not.toContain(cliEnv.get('SECRET')!);
		expect(cmdline).not.toContain(cliEnv.get('KEY')!);

		// The site signs in and writes its uploads into its own folder, as the site's user.
		const token = await loginThroughRouter(runtime.routerUrl, 'boxed.localhost', admin.email, admin.password);
		const form = new FormData();
		form.append('file', new Blob(['hello from a container']), 'hello.txt');
		const multipart = new Request('http://upload.invalid/', { method: 'POST', body: form });
		const upload = await hostRequest(runtime.routerUrl, 'boxed.localhost', '/files', {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, 'content-type': multipart.headers.get('content-type')! },
			body: Buffer.from(await multipart.arrayBuffer()),
		});
		expect(upload.status).toBe(200);
		const stored = readdirSync(path.join(dir, 'uploads'));
		expect(stored).toHaveLength(1);
		expect(statSync(path.join(dir, 'uploads', stored[0]!)).uid).toBe(1000);

		// Its mail leaves through the platform's relay, the one host service its bridge may reach.
		const roles = await hostRequest(runtime.routerUrl, 'boxed.localhost', '/roles?fields=id&limit=1', { headers: { authorization: `Bearer ${token}` } });
		const invited = await hostRequest(runtime.routerUrl, 'boxed.localhost', '/users/invite', {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
			body: JSON.stringify({ email: 'boxed-editor@example.com', role: roles.json<{ data: { id: string }[] }>().data[0]!.id }),
		});
		expect(invited.status, invited.body).toBe(204);
		const email = await waitFor(
			'the invitation in the mail catcher',
			async () => {
				const caught = (await (await fetch(`${catcher.uiUrl}/email`)).json()) as { to: { address: string }[]; from: { address: string }[] }[];
				return caught.find((message) => message.to.some((to) => to.address === 'boxed-editor@example.com')) ?? null;
			},
			20_000,
		);
		expect(email.from[0]!.address).toBe('sites@localhost');
	}, 120_000);

	test('a container that dies is replaced, and the site serves again', async () => {
		const before = await runtime.driver.instanceStatus('p-boxed');
		const dir = siteDir(runtime, 'p-boxed');
		const container = await containerOfSite(runtime.dataDir, dir);
		await killContainer(container.Id);

		const restarted = await waitFor(
			'the restarted site',
			async () => {
				const status = await runtime.driver.instanceStatus('p-boxed');
				return status?.state === 'running' && status.pid !== before!.pid ? status : null;
			},
			60_000,
		);
		expect(restarted.restarts).toBe(before!.restarts + 1);
		const replacement = await containerOfSite(runtime.dataDir, dir);
		expect(replacement.Id).not.toBe(container.Id);
		await expect(loginThroughRouter(runtime.routerUrl, 'boxed.localhost', admin.email, admin.password)).resolves.toBeTruthy();
	}, 120_000);

	test('a docker CLI killed with SIGKILL takes its container with it, and the site is restarted', async () => {
		const before = (await runtime.driver.instanceStatus('p-boxed'))!;
		const container = await containerOfSite(runtime.dataDir, siteDir(runtime, 'p-boxed'));
		process.kill(before.pid!, 'SIGKILL');

		await waitFor('the old container to end', async () => !(await containersOfRuntime(runtime.dataDir)).some((candidate) => candidate.Id === container.Id), 30_000);
		const restarted = await waitFor(
			'the restarted site',
			async () => {
				const status = await runtime.driver.instanceStatus('p-boxed');
				return status?.state === 'running' && status.pid !== before.pid ? status : null;
			},
			60_000,
		);
		expect(restarted.pid).not.toBe(before.pid);
		expect((await containersOfRuntime(runtime.dataDir)).length).toBe(1);
		expect((await hostRequest(runtime.routerUrl, 'boxed.localhost', '/server/ping')).body).toBe('pong');
	}, 120_000);

	test('a runtime killed with SIGKILL leaves the containers serving and adopts them when it starts again', async () => {
		const before = (await runtime.driver.instanceStatus('p-boxed'))!;
		const container = await containerOfSite(runtime.dataDir, siteDir(runtime, 'p-boxed'));
		await runtime.kill9();
		expect(isProcessAlive(before.pid!)).toBe(true);
		const direct = await fetch(`http://127.0.0.1:${before.port}/server/ping`);
		expect(await direct.text()).toBe('pong');

		await runtime.start();
		const adopted = await waitFor('the adopted site', async () => {
			const status = await runtime.driver.instanceStatus('p-boxed');
			return status?.state === 'running' ? status : null;
		});
		expect(adopted.pid).toBe(before.pid);
		const after = await containersOfRuntime(runtime.dataDir);
		expect(after.map((candidate) => candidate.Id)).toEqual([container.Id]);
		expect((await hostRequest(runtime.routerUrl, 'boxed.localhost', '/server/ping')).body).toBe('pong');
	}, 120_000);

	test("a project's plan limits apply to its container", async () => {
		const resources = { memoryMb: 640, cpuShares: 300 };
		const created = await runtime.driver.ensureInstance({ projectId: 'p-planned', subdomain: 'planned', projectName: 'Planned', admin, resources });
		expect(created.resources).toEqual(resources);
		const container = await containerOfSite(runtime.dataDir, siteDir(runtime, 'p-planned'));
		expect(container.HostConfig).toMatchObject({ Memory: 640 * 1024 * 1024, CpuShares: 300 });

		// A plan change reaches the running container in place: same container, new limits, still serving.
		const changed = await runtime.driver.setSiteResources('p-planned', { memoryMb: 768, cpuShares: 2048 });
		expect(changed.resources).toEqual({ memoryMb: 768, cpuShares: 2048 });
		const updated = await containerOfSite(runtime.dataDir, siteDir(runtime, 'p-planned'));
		expect(updated.Id).toBe(container.Id);
		expect(updated.HostConfig).toMatchObject({ Memory: 768 * 1024 * 1024, CpuShares: 2048 });
		expect((await hostRequest(runtime.routerUrl, 'planned.localhost', '/server/ping')).body).toBe('pong');
		// Limits out of range are refused and change nothing.
		await expect(runtime.driver.setSiteResources('p-planned', { memoryMb: 64 })).rejects.toThrow(/memoryMb/);
		expect((await runtime.driver.instanceStatus('p-planned'))?.resources).toEqual({ memoryMb: 768, cpuShares: 2048 });
		await runtime.driver.deleteInstance('p-planned');
	}, 120_000);

	test('a deleted project leaves no container and no folder', async () => {
		const dir = siteDir(runtime, 'p-boxed');
		await runtime.driver.deleteInstance('p-boxed');
		expect(await containersOfRuntime(runtime.dataDir)).toEqual([]);
		expect(Object.values(runtimeState(runtime.dataDir).instances).map((record) => record.dir)).not.toContain(dir);
		expect((await hostRequest(runtime.routerUrl, 'boxed.localhost', '/server/ping')).status).toBe(404);
	}, 60_000);
});

describe('the docker runtime driver, with a warm pool', () => {
	let pooled: TestRuntime;

	beforeAll(async () => {
		pooled = new TestRuntime({ warmPoolSize: 1, env: await dockerDriverEnv() });
		await pooled.start();
		await pooled.waitForPool(1);
	}, 300_000);

	afterAll(async () => {
		await pooled?.destroy();
	});

	test("a handed-out pool container is replaced by one with the site's URL and its plan's limits, without a gap", async () => {
		const resources = { memoryMb: 384, cpuShares: 512 };
		const handedOut = await pooled.driver.ensureInstance({ projectId: 'p-pooled', subdomain: 'pooled', projectName: 'Pooled', admin, resources });
		expect(handedOut.source).toBe('warm-pool');
		const dir = siteDir(pooled, 'p-pooled');
		const relaunched = await waitFor(
			'the relaunch with the site URL',
			async () => {
				const status = await pooled.driver.instanceStatus('p-pooled');
				return status?.state === 'running' && status.pid !== handedOut.pid && status.publicUrl ? status : null;
			},
			90_000,
		);
		expect(relaunched.publicUrl).toMatch(/^http:\/\/pooled\.localhost/);
		// The pool container was stopped once the new one answered: one container for the site.
		const container = await waitFor('one container for the site', async () => {
			const containers = (await containersOfRuntime(pooled.dataDir)).filter((candidate) => candidate.Config.Labels['epic.site.dir'] === dir);
			return containers.length === 1 ? containers[0] : null;
		});
		expect(container.HostConfig).toMatchObject({ Memory: 384 * 1024 * 1024, CpuShares: 512 });
		expect(isProcessAlive(handedOut.pid!)).toBe(false);
		await expect(loginThroughRouter(pooled.routerUrl, 'pooled.localhost', admin.email, admin.password)).resolves.toBeTruthy();
	}, 180_000);
});

describe('the docker runtime driver, sleeping', () => {
	let sleepy: TestRuntime;

	beforeAll(async () => {
		sleepy = new TestRuntime({ warmPoolSize: 0, idleTimeoutSeconds: 2, env: await dockerDriverEnv() });
		await sleepy.start();
	}, 300_000);

	afterAll(async () => {
		await sleepy?.destroy();
	});

	test("an idle site's container is stopped, and the next request starts a new one", async () => {
		const created = await sleepy.driver.ensureInstance({ projectId: 'p-nap', subdomain: 'nap', projectName: 'Nap', admin });
		const dir = siteDir(sleepy, 'p-nap');
		const first = await containerOfSite(sleepy.dataDir, dir);
		const asleep = await waitFor('the site to sleep', async () => {
			const status = await sleepy.driver.instanceStatus('p-nap');
			return status?.state === 'sleeping' ? status : null;
		});
		expect(asleep.sleepTier).toBe('stopped');
		expect(await containersOfRuntime(sleepy.dataDir)).toEqual([]);
		expect(isProcessAlive(created.pid!)).toBe(false);

		const ping = await hostRequest(sleepy.routerUrl, 'nap.localhost', '/server/ping', { headers: { accept: 'application/json' } });
		expect(ping.status).toBe(200);
		expect(ping.body).toBe('pong');
		const second = await containerOfSite(sleepy.dataDir, dir);
		expect(second.Id).not.toBe(first.Id);
		await expect(loginThroughRouter(sleepy.routerUrl, 'nap.localhost', admin.email, admin.password)).resolves.toBeTruthy();
	}, 120_000);

	test("five wakes in a row, each through the router's kept-alive connection to the previous container, are all answered", async () => {
		const wakes = await sleepAndWakeRepeatedly(sleepy, 'p-nap', 'nap.localhost', 'stopped', 5);
		expect(wakes.map(({ status, body }) => `${status} ${body}`)).toEqual(Array(5).fill('200 pong'));
		for (const wake of wakes) expect(wake.keptAlive).toBeGreaterThan(0);
		expect(sleepy.output()).not.toContain('proxy to the upstream failed');
	}, 180_000);
});
