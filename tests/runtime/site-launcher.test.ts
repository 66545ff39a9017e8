/**
 * Sites started through the site launcher (where checkpoints work): the launcher and its site both
 * carry the instance's environment, yet a runtime killed with SIGKILL leaves the site serving and
 * the next runtime adopts it whole (the launcher's site is not taken for an orphan); and a stop
 * whose SIGTERM the site does not end on kills the site, not only its launcher; and a paused site
 * (SIGSTOP, the first sleep tier) still ends gracefully on a stop.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { ensureCheckpointTools } from '@epic/local-platform/checkpoint-tools';
import { killAndWait } from '../../runtime/src/processes/process-table.ts';
import { hostRequest } from '../support/host-request.ts';
import { everyRuntimeProcess, findOrphans, isProcessAlive, runtimeProcesses } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'launched@example.com', password: 'launched-secret-password' };
let runtime: TestRuntime | null = null;

afterEach(async () => {
	await runtime?.destroy();
	runtime = null;
});

function childrenOf(pid: number): number[] {
	return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

function commandOf(pid: number): string {
	return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
}

describe('the site launcher', () => {
	test('a runtime killed with SIGKILL leaves a launched site serving, and the next runtime adopts launcher and site with no orphan', async () => {
		runtime = new TestRuntime({ warmPoolSize: 0, sleepTiers: { pausedMemoryLimitMb: 0, pausedForSeconds: 3600, checkpoints: true } });
		await runtime.start();
		const created = await runtime.driver.ensureInstance({ projectId: 'p-launched', subdomain: 'launched', projectName: 'Launched', admin });
		const launcherPid = created.pid!;
		expect(commandOf(launcherPid)).toBe('site-launcher');
		const [sitePid, ...others] = childrenOf(launcherPid);
		expect(others).toEqual([]);
		expect(commandOf(sitePid!)).toBe('node');
		// Both carry the instance's environment: the case the recovery must tell apart.
		expect(everyRuntimeProcess(runtime.dataDir)).toEqual([launcherPid, sitePid!].sort((a, b) => a - b));
		expect(runtimeProcesses(runtime.dataDir)).toEqual([launcherPid]);
		expect(findOrphans(runtime.dataDir)).toEqual({ processes: [], folders: [] });

		await runtime.kill9();
		expect(isProcessAlive(launcherPid)).toBe(true);
		expect(isProcessAlive(sitePid!)).toBe(true);
		await runtime.start();

		const status = await runtime.driver.instanceStatus('p-launched');
		expect(status).toMatchObject({ state: 'running', pid: launcherPid });
		expect(childrenOf(launcherPid)).toEqual([sitePid]);
		expect(runtime.output()).not.toContain('orphanProcessesKilled');
		expect(findOrphans(runtime.dataDir)).toEqual({ processes: [], folders: [] });
		expect((await hostRequest(runtime.routerUrl, 'launched.localhost', '/server/ping')).body).toBe('pong');
		await expect(loginThroughRouter(runtime.routerUrl, 'launched.localhost', admin.email, admin.password)).resolves.toBeTruthy();
		expect(isProcessAlive(sitePid!)).toBe(true);
	}, 300_000);

	test('a stop whose SIGTERM the site ignores kills the site, not only the launcher', async () => {
		const tools = await ensureCheckpointTools((message) => console.log(message));
		if (!tools.ok) throw new Error(`This test needs the site launcher: ${tools.reason}`);
		// `sleep` as PID 1 of its namespace has no SIGTERM handler, so the passed-on SIGTERM does nothing.
		const launcher = spawn(tools.launcherPath, ['sleep', '1000'], { detached: true, stdio: 'ignore' });
		const exited = new Promise((resolve) => launcher.once('exit', resolve));
		const launcherPid = launcher.pid!;
		const sitePid = await waitFor('the launched sleep', () => childrenOf(launcherPid).find((pid) => commandOf(pid) === 'sleep'), 5000);

		await killAndWait(launcherPid, 'SIGTERM', 500);
		await exited;
		expect(isProcessAlive(sitePid)).toBe(false);
		expect(isProcessAlive(launcherPid)).toBe(false);
	}, 30_000);

	test('a stop of a paused site continues it, so it ends on the SIGTERM (gracefully), not on the SIGKILL after the grace period', async () => {
		const tools = await ensureCheckpointTools((message) => console.log(message));
		if (!tools.ok) throw new Error(`This test needs the site launcher: ${tools.reason}`);
		const site = "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000); console.log('ready');";
		const launcher = spawn(tools.launcherPath, [process.execPath, '-e', site], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
		const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => launcher.once('exit', (code, signal) => resolve([code, signal])));
		await new Promise((resolve) => launcher.stdout.once('data', resolve));
		const sitePid = childrenOf(launcher.pid!)[0]!;
		// Paused as the sleep tiers pause a site: its whole group.
		process.kill(-sitePid, 'SIGSTOP');
		await waitFor('the site to be stopped', () => readFileSync(`/proc/${sitePid}/stat`, 'utf8').split(') ')[1]!.startsWith('T'), 5000);

		await killAndWait(launcher.pid!, 'SIGTERM', 20_000);
		// The launcher exits as its site did: code 0 from the site's SIGTERM handler.
		expect(await exited).toEqual([0, null]);
		expect(isProcessAlive(sitePid)).toBe(false);
	}, 60_000);
});
