/**
 * Tenant isolation under RUNTIME_DRIVER=docker, attacked from inside one site's container: another
 * site's files, the runtime's own files, the host's PostgreSQL, the runtime's API, any other
 * service the host listens for on all addresses, and the other site's container are all out of
 * reach. Each refusal has a control that shows the probe itself works.
 */
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { containerOfSite, dockerDriverEnv, nodeInContainer, type SiteContainer } from '../support/docker.ts';
import { instanceDirOf } from '../support/runtime-inspection.ts';
import { TestRuntime } from '../support/test-runtime.ts';

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

	test('the host\'s services, the runtime\'s API and the other site are out of reach; the site itself is not', async () => {
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
