/**
 * `npm start` keeps the platform running: kill -9 its runtime and it comes back by itself, the
 * running site (adopted, not restarted) answers again with its data, nothing is orphaned; kill -9
 * the control plane and it comes back too; stopping `npm start` leaves no process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NODE_22 } from '@epic/node-support/directus';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { repoPath } from '@epic/node-support/paths';
import { collectOutput } from '@epic/node-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalRuntimeDriver } from '../../extensions/platform/src/lib/runtime-driver/local-runtime-driver.ts';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { everyRuntimeProcess, findOrphans, isProcessAlive, runtimeProcesses } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';

const admin = { email: 'healing@example.com', password: 'healing-secret-password' };
const secret = randomBytes(24).toString('hex');
let dataDir: string;
let platform: ChildProcess;
let output: () => string;
let routerUrl: string;
let apiUrl: string;
let controlPlaneUrl: string;

/** The processes `npm start` itself started, by what they run. */
function childrenOf(pid: number): { pid: number; command: string }[] {
	const children: { pid: number; command: string }[] = [];
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			if (parent === pid) children.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ') });
		} catch {
			// The process ended while the table was read.
		}
	}
	return children;
}

const runtimeChild = () => childrenOf(platform.pid!).find((child) => child.command.includes(path.join('runtime', 'main.ts')));
const controlPlaneChild = () => childrenOf(platform.pid!).find((child) => child.command.includes(path.join('@directus', 'api', 'dist', 'cli', 'run.js')));
const driver = () => new LocalRuntimeDriver({ url: apiUrl, secret });

/** Waits for `npm start` to print `line`; fails with its output if it does not, or if it exits. */
async function waitForLine(line: string, timeoutMs: number): Promise<void> {
	await waitFor(`npm start to print "${line}"`, () => output().includes(line) || platform.exitCode !== null, timeoutMs).catch((error: Error) => {
		throw new Error(`${error.message}\n${output().slice(-4000)}`);
	});
	expect(platform.exitCode, output().slice(-4000)).toBeNull();
}

async function firstName(token: string): Promise<string> {
	const response = await hostRequest(routerUrl, 'healing.localhost', '/users/me?fields=first_name', { headers: { authorization: `Bearer ${token}` } });
	if (response.status !== 200) throw new Error(`GET /users/me answered ${response.status}: ${response.body}`);
	return response.json<{ data: { first_name: string } }>().data.first_name;
}

beforeAll(async () => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'npm-start-healing-'));
	const [port, controlPlanePort, runtimeApiPort, smtpPort, mailUiPort] = await Promise.all(Array.from({ length: 5 }, () => freeLoopbackPort()));
	routerUrl = `http://127.0.0.1:${port}`;
	apiUrl = `http://127.0.0.1:${runtimeApiPort}`;
	controlPlaneUrl = `http://127.0.0.1:${controlPlanePort}`;
	platform = spawn(NODE_22, [repoPath('scripts', 'start.ts')], {
		cwd: repoPath(),
		env: {
			PATH: process.env['PATH'] ?? '',
			HOME: process.env['HOME'] ?? os.tmpdir(),
			DATA_DIR: dataDir,
			HOST: '127.0.0.1',
			PORT: String(port),
			CONTROL_PLANE_PORT: String(controlPlanePort),
			RUNTIME_API_PORT: String(runtimeApiPort),
			RUNTIME_SECRET: secret,
			MAIL_CATCHER_SMTP_PORT: String(smtpPort),
			MAIL_CATCHER_UI_PORT: String(mailUiPort),
			WARM_POOL_SIZE: '0',
			LOG_LEVEL: 'warn',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	output = collectOutput(platform);
	await waitForLine('Control plane is ready', 170_000);
}, 180_000);

afterAll(async () => {
	if (platform && platform.exitCode === null) {
		platform.kill('SIGTERM');
		await waitFor('npm start to stop', () => platform.exitCode !== null, 30_000).catch(() => platform.kill('SIGKILL'));
	}
	if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
	it('brings a killed runtime back by itself, with the running site adopted and its data kept, then a killed control plane, and stops without leaving a process', async () => {
		const created = await driver().ensureInstance({ projectId: 'p-healing', subdomain: 'healing', projectName: 'Healing', admin });
		expect(created.state).toBe('running');
		const token = await loginThroughRouter(routerUrl, 'healing.localhost', admin.email, admin.password);
		const body = jsonBody({ first_name: 'Written before the crash' });
		const patched = await hostRequest(routerUrl, 'healing.localhost', '/users/me', {
			method: 'PATCH',
			body: body.body,
			headers: { ...body.headers, authorization: `Bearer ${token}` },
		});
		expect(patched.status).toBe(200);

		const runtimeDir = path.join(dataDir, 'runtime');
		const sitePids = runtimeProcesses(runtimeDir);
		expect(sitePids).toHaveLength(1);
		// With checkpoints on, the site runs under the site launcher: both carry its environment.
		const siteProcesses = everyRuntimeProcess(runtimeDir);
		const killed = runtimeChild();
		const controlPlane = controlPlaneChild();
		expect(killed, JSON.stringify(childrenOf(platform.pid!))).toBeDefined();
		expect(controlPlane).toBeDefined();
		process.kill(killed!.pid, 'SIGKILL');

		// The supervisor says so once the new runtime answers its API.
		await waitForLine('The runtime is running again (restart 1)', 120_000);
		expect(output()).toContain('The runtime exited unexpectedly (code null, SIGKILL); restarting it in 500 ms');
		const back = runtimeChild();
		expect(back?.pid).not.toBe(killed!.pid);
		expect((await driver().instanceStatus('p-healing'))?.state).toBe('running');

		// Adopted: the same site process, with what was written before the crash.
		expect(runtimeProcesses(runtimeDir)).toEqual(sitePids);
		expect(everyRuntimeProcess(runtimeDir)).toEqual(siteProcesses);
		expect(await firstName(token)).toBe('Written before the crash');
		expect(findOrphans(runtimeDir)).toEqual({ processes: [], folders: [] });
		expect(controlPlaneChild()?.pid).toBe(controlPlane!.pid);

		// The control plane too.
		process.kill(controlPlane!.pid, 'SIGKILL');
		await waitForLine('The control plane is running again (restart 1)', 120_000);
		const newControlPlane = controlPlaneChild();
		expect(newControlPlane?.pid).not.toBe(controlPlane!.pid);
		// Directus answers 503 "under pressure" for a moment after its start; it must settle to pong.
		await waitFor('the new control plane to answer pong', async () => (await (await fetch(`${controlPlaneUrl}/server/ping`)).text()) === 'pong', 30_000);

		platform.kill('SIGTERM');
		await waitFor('npm start to stop', () => platform.exitCode !== null, 60_000);
		expect(platform.exitCode, output().slice(-3000)).toBe(0);
		for (const pid of [back!.pid, newControlPlane!.pid, ...sitePids]) expect(isProcessAlive(pid), `process ${pid}`).toBe(false);
		expect(runtimeProcesses(runtimeDir)).toEqual([]);
	}, 240_000);
});
