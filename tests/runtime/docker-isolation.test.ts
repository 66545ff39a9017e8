/**
 * Tenant isolation under RUNTIME_DRIVER=docker, attacked from inside one site's container: another
 * site's files, the runtime's own files, the host's PostgreSQL, the runtime's API, any other
 * service the host listens for on all addresses, and the other site's container are all out of
 * reach. Each refusal has a control that shows the probe itself works. The firewall rules behind
 * that are checked in place, and a runtime that cannot add them does not start.
 */
import { execFile } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { containerOfSite, dockerDriverEnv, killContainer, nodeInContainer, type SiteContainer } from '../support/docker.ts';
import { instanceDirOf } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { TestRuntime } from '../support/test-runtime.ts';
import { bridgeName, describeRule, shieldRules } from '../../runtime/src/containers/docker-network.ts';

const run = promisify(execFile);

const admin = { email: 'tenant@example.com', password: 'tenant-secret-password' };
let runtime: TestRuntime;
let hostService: net.Server;
let alpha: { dir: string; container: SiteContainer };
let beta: { dir: string; port: number; container: SiteContainer };

function siteDir(projectId: string): string {
	return instanceDirOf(runtime.dataDir, projectId);
}

beforeAll(async () => {
	runtime = new TestRuntime({ warmPoolSize: 0, env: await dockerDriverEnv() });
	await runtime.start();
	const [, betaStatus] = await Promise.all([
		runtime.driver.ensureInstance({ projectId: 'p-alpha', subdomain: 'alpha', projectName: 'Alpha', admin }),
		runtime.driver.ensureInstance({ projectId: 'p-beta', subdomain: 'beta', projectName: 'Beta', admin }),
	]);
	alpha = { dir: siteDir('p-alpha'), container: await containerOfSite(runtime.dataDir, siteDir('p-alpha')) };
	beta = { dir: siteDir('p-beta'), port: betaStatus.port!, container: await containerOfSite(runtime.dataDir, siteDir('p-beta')) };
	// A service on every address of the host, as a database or an agent might listen.
	hostService = net.createServer((socket) => socket.end('host service\n'));
	hostService.listen(0, '0.0.0.0');
	await once(hostService, 'listening');
}, 300_000);

afterAll(async () => {
	hostService?.close();
	await runtime?.destroy();
});

/** TCP connects from inside alpha's container, in parallel: 'connected', or why not. */
async function connectsFromAlpha(targets: Record<string, { host: string; port: number }>): Promise<Record<string, string>> {
	const script = `
		import net from 'node:net';
		import { readFileSync } from 'node:fs';
		// The default route's gateway is the host's address on the sites' bridge.
		const route = readFileSync('/proc/net/route', 'utf8').split('\\n').find((line) => line.split('\\t')[1] === '00000000');
		const hex = route.split('\\t')[2];
		const gateway = [3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.');
		const targets = ${JSON.stringify(targets)};
		const probe = ({ host, port }) => new Promise((resolve) => {
			const socket = net.connect({ host: host === 'gateway' ? gateway : host, port });
			socket.setTimeout(3000, () => { socket.destroy(); resolve('timed out'); });
			socket.on('connect', () => { socket.destroy(); resolve('connected'); });
			socket.on('error', (error) => resolve(error.code));
		});
		const entries = await Promise.all(Object.entries(targets).map(async ([name, target]) => [name, await probe(target)]));
		console.log(JSON.stringify(Object.fromEntries(entries)));
	`;
	return JSON.parse(await nodeInContainer(alpha.container.Id, script)) as Record<string, string>;
}

describe('isolation between site containers', () => {
	test('a site sees its own folder and the packages, and nothing else of the machine', async () => {
		const script = `
			import { existsSync, writeFileSync } from 'node:fs';
			const tryWrite = (file) => { try { writeFileSync(file, 'x'); return 'written'; } catch (error) { return error.code; } };
			console.log(JSON.stringify({
				own: existsSync(${JSON.stringify(`${alpha.dir}/data.db`)}),
				packages: existsSync('/app/node_modules/directus/package.json'),
				otherSite: existsSync(${JSON.stringify(beta.dir)}),
				runtimeState: existsSync(${JSON.stringify(`${runtime.dataDir}/state.json`)}),
				writeOwn: tryWrite(${JSON.stringify(`${alpha.dir}/probe.txt`)}),
				writePackages: tryWrite('/app/node_modules/probe.txt'),
				writeSystem: tryWrite('/etc/probe.txt'),
				uid: process.getuid(),
			}));
		`;
		const seen = JSON.parse(await nodeInContainer(alpha.container.Id, script)) as Record<string, unknown>;
		expect(seen).toEqual({
			own: true,
			packages: true,
			otherSite: false,
			runtimeState: false,
			writeOwn: 'written',
			writePackages: 'EROFS',
			writeSystem: 'EROFS',
			uid: 1000,
		});
	}, 60_000);

	test("the host's services, the runtime's API and the other site are out of reach; the site itself is not", async () => {
		// Controls from the host: the other site and the host service do answer.
		expect(await (await fetch(`http://127.0.0.1:${beta.port}/server/ping`)).text()).toBe('pong');
		const hostPort = (hostService.address() as net.AddressInfo).port;

		const results = await connectsFromAlpha({
			ownSite: { host: '127.0.0.1', port: 8055 },
			hostServiceOnAllAddresses: { host: 'gateway', port: hostPort },
			hostPostgres: { host: 'gateway', port: 5432 },
			postgresOnOwnLoopback: { host: '127.0.0.1', port: 5432 },
			runtimeApi: { host: 'gateway', port: runtime.apiPort },
			router: { host: 'gateway', port: runtime.routerPort },
			otherSiteByName: { host: beta.container.Name.replace(/^\//, ''), port: 8055 },
			otherSitePublishedPort: { host: 'gateway', port: beta.port },
		});
		expect(results['ownSite']).toBe('connected');
		for (const [target, outcome] of Object.entries(results)) {
			if (target !== 'ownSite') expect(outcome, target).not.toBe('connected');
		}
	}, 60_000);
});

describe('files a site can write are never followed by the runtime', () => {
	test("a link planted as the site's log leaves its target untouched when the runtime reopens the log", async () => {
		// A file only the runtime (root) may write, where a site cannot see it.
		const sentinel = path.join(runtime.dataDir, 'sentinel.json');
		writeFileSync(sentinel, '{"untouched":true}', { mode: 0o600 });
		const log = path.join(alpha.dir, 'directus.log');
		// From inside the container, as the site's user: the log becomes a link to the host's file.
		await nodeInContainer(
			alpha.container.Id,
			`
			import { rmSync, symlinkSync } from 'node:fs';
			rmSync(${JSON.stringify(log)}, { force: true });
			symlinkSync(${JSON.stringify(sentinel)}, ${JSON.stringify(log)});
		`,
		);
		expect(lstatSync(log).isSymbolicLink()).toBe(true);

		// The container dies; the runtime starts another and opens the log for its output.
		await killContainer(alpha.container.Id);
		await waitFor('a new container for alpha', async () => {
			const status = await runtime.driver.instanceStatus('p-alpha');
			if (status?.state !== 'running') return null;
			const next = await containerOfSite(runtime.dataDir, alpha.dir);
			return next.Id !== alpha.container.Id ? next : null;
		});
		expect(readFileSync(sentinel, 'utf8')).toBe('{"untouched":true}');
		expect(lstatSync(log).isFile()).toBe(true);
		alpha = { dir: alpha.dir, container: await containerOfSite(runtime.dataDir, alpha.dir) };
	}, 120_000);
});

describe('the firewall rules around the sites network', () => {
	test('are in place: no new connection from a site to the host, or to a private or link-local network', async () => {
		const rules = shieldRules(bridgeName('epic-sites'));
		expect(rules.map((rule) => rule.args.join(' '))).toEqual(expect.arrayContaining([expect.stringContaining('-d 169.254.0.0/16'), expect.stringContaining('-d 10.0.0.0/8')]));
		for (const rule of rules) {
			await expect(run(rule.tool, ['-C', rule.chain, ...rule.args]), describeRule(rule)).resolves.toBeDefined();
		}
	});

	test('a runtime that cannot add them refuses to start, unless DOCKER_ALLOW_UNSHIELDED_SITES says it may', async () => {
		// A machine where the runtime may not change the firewall: both tools refuse, as without NET_ADMIN.
		const tools = mkdtempSync(path.join(os.tmpdir(), 'epic-no-firewall-'));
		for (const tool of ['iptables', 'ip6tables']) {
			writeFileSync(path.join(tools, tool), '#!/bin/sh\necho "Permission denied (you must be root)" >&2\nexit 4\n', { mode: 0o755 });
		}
		const env = { ...(await dockerDriverEnv()), PATH: `${tools}:${process.env['PATH'] ?? ''}` };
		const refused = new TestRuntime({ warmPoolSize: 0, env });
		try {
			await expect(refused.start()).rejects.toThrow(/could not add the firewall rules[\s\S]*Permission denied[\s\S]*DOCKER_ALLOW_UNSHIELDED_SITES=true/);
		} finally {
			await refused.destroy();
		}
		const allowed = new TestRuntime({ warmPoolSize: 0, env: { ...env, DOCKER_ALLOW_UNSHIELDED_SITES: 'true' } });
		try {
			await allowed.start();
			expect(allowed.output()).toContain('Starting anyway: DOCKER_ALLOW_UNSHIELDED_SITES is true');
			expect(allowed.output()).toContain('(NOT shielded from the host)');
		} finally {
			await allowed.destroy();
			rmSync(tools, { recursive: true, force: true });
		}
	}, 240_000);
});
