/**
 * The runtime on SQLite and on PostgreSQL: projects are created from the warm pool and cold,
 * their admins log in through the router, hosts route to the right instance, and delete leaves
 * nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { InstanceStatus } from '@epic/runtime-contract';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { keepPinging } from '../support/pinger.ts';
import { instanceFolders, isProcessAlive, processEnvironment, runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { databasesWithPrefix, loginThroughRouter, rolesWithPrefix, TestRuntime, type RuntimeDatabaseClient } from '../support/test-runtime.ts';

const db = (process.env['RUNTIME_TEST_DB'] ?? 'sqlite3') as RuntimeDatabaseClient;
let runtime: TestRuntime;

const admin = (name: string) => ({ email: `${name}@example.com`, password: `${name}-secret-password` });
const ensure = (id: string, subdomain: string) => runtime.driver.ensureInstance({ projectId: id, subdomain, projectName: `Project ${id}`, admin: admin(subdomain) });

beforeAll(async () => {
	runtime = new TestRuntime({ db, warmPoolSize: 1 });
	await runtime.start();
	await runtime.waitForPool(1);
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

describe(`runtime instances (${db})`, () => {
	test('a project handed out from the warm pool serves its own admin through the router', async () => {
		const status = await ensure('warm-1', 'alpha');
		expect(status).toMatchObject({ projectId: 'warm-1', state: 'running', subdomain: 'alpha', source: 'warm-pool' });

		const token = await loginThroughRouter(runtime.routerUrl, 'alpha.localhost', admin('alpha').email, admin('alpha').password);
		const asAdmin = { headers: { authorization: `Bearer ${token}` } };
		const me = await hostRequest(runtime.routerUrl, 'alpha.localhost', '/users/me?fields=email,role.name', asAdmin);
		expect(me.json().data).toEqual({ email: admin('alpha').email, role: { name: 'Administrator' } });
		// Only an administrator may read the role list.
		expect((await hostRequest(runtime.routerUrl, 'alpha.localhost', '/roles', asAdmin)).status).toBe(200);

		const info = await hostRequest(runtime.routerUrl, 'alpha.localhost', '/server/info');
		expect(info.json().data.project.project_name).toBe('Project warm-1');

		const wrong = await hostRequest(runtime.routerUrl, 'alpha.localhost', '/auth/login', {
			method: 'POST',
			...jsonBody({ email: admin('alpha').email, password: 'template-or-guess' }),
		});
		expect(wrong.status).toBe(401);
	});

	test('a handed-out pool member is relaunched with its site URL, serving all the while', async () => {
		const first = await runtime.driver.instanceStatus('warm-1');
		// Still the pool member's process, started without a site URL: the relaunch lies ahead.
		expect(first).toMatchObject({ state: 'running', publicUrl: null });
		const pings = keepPinging(runtime.routerUrl, 'alpha.localhost');
		let relaunched: InstanceStatus;
		let outcomes: string[];
		try {
			relaunched = await waitFor(
				'the relaunch with the site URL',
				async () => {
					const status = await runtime.driver.instanceStatus('warm-1');
					return status?.pid && status.pid !== first?.pid && status.state === 'running' ? status : null;
				},
				90_000,
			);
			// The old process is stopped gracefully once the new one serves: the pings cover that too.
			await waitFor('the old process to exit', () => !isProcessAlive(first!.pid!), 15_000);
		} finally {
			outcomes = await pings.stop();
		}
		expect(outcomes.filter((outcome) => outcome !== 'pong')).toEqual([]);
		expect(outcomes.length).toBeGreaterThan(10);
		expect(processEnvironment(relaunched.pid!)?.get('PUBLIC_URL')).toBe(`http://alpha.localhost:${runtime.routerPort}`);
		await expect(loginThroughRouter(runtime.routerUrl, 'alpha.localhost', admin('alpha').email, admin('alpha').password)).resolves.toBeTruthy();
	}, 120_000);

	test('ensure is idempotent: a second call returns the same running instance', async () => {
		const first = await runtime.driver.instanceStatus('warm-1');
		const again = await ensure('warm-1', 'alpha');
		expect(again.state).toBe('running');
		expect(again.pid).toBe(first?.pid);
	});

	test('five creates at once all succeed, each with its own process and credentials', async () => {
		const ids = ['burst-1', 'burst-2', 'burst-3', 'burst-4', 'burst-5'];
		const results = await Promise.all(ids.map((id, index) => ensure(id, `burst${index + 1}`)));
		expect(results.map((result) => result.state)).toEqual(ids.map(() => 'running'));
		expect(results.some((result) => result.source === 'cold')).toBe(true);
		const pids = new Set(results.map((result) => result.pid));
		expect(pids.size).toBe(5);
		for (const [index] of ids.entries()) {
			const credentials = admin(`burst${index + 1}`);
			await expect(loginThroughRouter(runtime.routerUrl, `burst${index + 1}.localhost`, credentials.email, credentials.password)).resolves.toBeTruthy();
		}
		// Clones do not share Directus's project id (it keys licence activation).
		const projectIds = new Set<string>();
		for (const subdomain of ['burst1', 'burst2']) {
			const token = await loginThroughRouter(runtime.routerUrl, `${subdomain}.localhost`, admin(subdomain).email, admin(subdomain).password);
			const settings = await hostRequest(runtime.routerUrl, `${subdomain}.localhost`, '/settings?fields=project_id', {
				headers: { authorization: `Bearer ${token}` },
			});
			projectIds.add(settings.json().data.project_id);
		}
		expect(projectIds.size).toBe(2);
		// One project's credentials do not open another project's CMS.
		await expect(loginThroughRouter(runtime.routerUrl, 'burst2.localhost', admin('burst1').email, admin('burst1').password)).rejects.toThrow(/401/);
	}, 180_000);

	test('a subdomain that belongs to another project is refused and changes nothing', async () => {
		const before = await runtime.driver.instanceStatus('warm-1');
		await expect(ensure('intruder', 'alpha')).rejects.toMatchObject({ status: 409, code: 'HOST_TAKEN' });
		expect(await runtime.driver.instanceStatus('intruder')).toBeNull();
		expect(await runtime.driver.instanceStatus('warm-1')).toMatchObject({ state: 'running', createdAt: before?.createdAt });
	});

	test('bad input gets a clear error and changes nothing', async () => {
		const folders = instanceFolders(runtime.dataDir).length;
		const bad = await fetch(`${runtime.apiUrl}/instances/bad-1`, {
			method: 'PUT',
			headers: { authorization: `Bearer ${runtime.secret}`, 'content-type': 'application/json' },
			body: JSON.stringify({ subdomain: '-nope-', projectName: '', admin: { email: 'not-an-email', password: 'short' } }),
		});
		expect(bad.status).toBe(400);
		const body = (await bad.json()) as { errors: { message: string; extensions: { code: string } }[] };
		expect(body.errors[0]?.extensions.code).toBe('INVALID_PAYLOAD');
		expect(body.errors[0]?.message).toMatch(/subdomain/);
		expect(body.errors[0]?.message).toMatch(/admin\.email/);
		expect(instanceFolders(runtime.dataDir)).toHaveLength(folders);
		expect(await runtime.driver.instanceStatus('bad-1')).toBeNull();
	});

	test('a request to the runtime API without the shared secret gets 401 and does nothing', async () => {
		const create = () => ({
			method: 'PUT',
			body: JSON.stringify({ subdomain: 'sneaky', projectName: 'Sneaky', admin: admin('sneaky') }),
		});
		const none = await fetch(`${runtime.apiUrl}/instances/sneaky`, { ...create(), headers: { 'content-type': 'application/json' } });
		const wrong = await fetch(`${runtime.apiUrl}/instances/sneaky`, {
			...create(),
			headers: { 'content-type': 'application/json', authorization: 'Bearer not-the-secret' },
		});
		const listing = await fetch(`${runtime.apiUrl}/instances`);
		expect([none.status, wrong.status, listing.status]).toEqual([401, 401, 401]);
		expect(await runtime.driver.instanceStatus('sneaky')).toBeNull();
	});

	test('an unknown host gets the branded not-found page', async () => {
		const page = await hostRequest(runtime.routerUrl, 'nobody.localhost', '/admin', { headers: { accept: 'text/html' } });
		expect(page.status).toBe(404);
		expect(page.body).toContain('data-page="not-found"');
		expect(page.body).toContain('No site here');
		expect(page.body).toContain('help@epic-cms.example');
		const spanish = await hostRequest(runtime.routerUrl, 'elsewhere.example', '/', { headers: { accept: 'text/html', 'accept-language': 'es-ES,es;q=0.9' } });
		expect(spanish.body).toContain('No hay ningún sitio aquí');
		const api = await hostRequest(runtime.routerUrl, 'nobody.localhost', '/items/posts', { headers: { accept: 'application/json' } });
		expect(api.status).toBe(404);
		expect(api.json().errors[0].extensions.code).toBe('NOT_FOUND');
	});

	test('a verified custom domain routes to its project, and only while it is assigned', async () => {
		await runtime.driver.setCustomDomains('warm-1', ['CMS.Customer-Site.com']);
		const info = await hostRequest(runtime.routerUrl, 'cms.customer-site.com', '/server/info');
		expect(info.json().data.project.project_name).toBe('Project warm-1');
		await expect(runtime.driver.setCustomDomains('burst-1', ['cms.customer-site.com'])).rejects.toMatchObject({ status: 409 });

		// Returns once the relaunch for the domain has finished (it holds the instance's lock).
		await runtime.driver.setCustomDomains('warm-1', []);
		const gone = await hostRequest(runtime.routerUrl, 'cms.customer-site.com', '/server/info', { headers: { accept: 'application/json' } });
		expect(gone.status).toBe(404);

		// Removing the domain relaunches the site with its subdomain URL again, in the background.
		// Later tests hold websockets and sessions on alpha: a process retired under them closes
		// them, so the relaunch must be over before this test ends.
		const servingDomain = await runtime.driver.instanceStatus('warm-1');
		expect(servingDomain?.publicUrl).toContain('cms.customer-site.com');
		const alphaUrl = `http://alpha.localhost:${runtime.routerPort}`;
		await waitFor('alpha relaunched with its subdomain URL', async () => (await runtime.driver.instanceStatus('warm-1'))?.publicUrl === alphaUrl, 90_000);
		await waitFor('the process that served the domain to exit', () => !isProcessAlive(servingDomain!.pid!), 15_000);
	}, 120_000);

	test('a suspended project shows the suspended page until it is started again', async () => {
		const suspended = await runtime.driver.suspendInstance('burst-5');
		expect(suspended.state).toBe('suspended');
		const page = await hostRequest(runtime.routerUrl, 'burst5.localhost', '/admin', { headers: { accept: 'text/html' } });
		expect(page.status).toBe(503);
		expect(page.body).toContain('data-page="suspended"');

		const resumed = await runtime.driver.startInstance('burst-5');
		expect(resumed.state).toBe('running');
		const ping = await hostRequest(runtime.routerUrl, 'burst5.localhost', '/server/ping');
		expect(ping.body).toBe('pong');
	}, 60_000);

	test('websockets pass through the router to the project', async () => {
		const token = await loginThroughRouter(runtime.routerUrl, 'alpha.localhost', admin('alpha').email, admin('alpha').password);
		const reply = await new Promise<Record<string, unknown>>((resolve, reject) => {
			const socket = new WebSocket(`${runtime.routerUrl.replace('http', 'ws')}/websocket`, { headers: { host: 'alpha.localhost' } });
			const timer = setTimeout(() => reject(new Error('no websocket reply')), 10_000);
			socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', access_token: token })));
			socket.on('message', (data) => {
				clearTimeout(timer);
				socket.close();
				resolve(JSON.parse(String(data)) as Record<string, unknown>);
			});
			socket.on('error', reject);
		});
		expect(reply).toMatchObject({ type: 'auth', status: 'ok' });
	});

	test('on-demand TLS may only issue certificates for hosts the router serves', async () => {
		const ask = (domain: string) => fetch(`${runtime.apiUrl}/tls-allowed?domain=${encodeURIComponent(domain)}`).then((response) => response.status);
		expect(await ask('alpha.localhost')).toBe(200);
		expect(await ask('unknown.localhost')).toBe(404);
		expect(await ask('attacker.example.com')).toBe(404);
	});

	test('the router counts requests per project per day', async () => {
		const before = (await runtime.driver.usage('2000-01-01', 'burst-3')).reduce((sum, row) => sum + row.requests, 0);
		for (let i = 0; i < 7; i++) await hostRequest(runtime.routerUrl, 'burst3.localhost', '/server/ping');
		const rows = await runtime.driver.usage('2000-01-01', 'burst-3');
		expect(rows.every((row) => row.projectId === 'burst-3')).toBe(true);
		// Summed over the days: this file's earlier requests may have been counted before midnight
		// (CI once crossed it here). Which day a request counts on is the counter's unit test.
		expect(rows.reduce((sum, row) => sum + row.requests, 0)).toBe(before + 7);
	});

	test('delete removes the process, the data and the route', async () => {
		const status = await runtime.driver.instanceStatus('burst-4');
		const pid = status!.pid!;
		const record = runtimeState(runtime.dataDir).instances['burst-4']!;
		expect(isProcessAlive(pid)).toBe(true);
		const storage = record.storage;
		if (storage.client === 'pg') expect(await rolesWithPrefix(runtime.dbPrefix)).toContain(storage.database);

		await runtime.driver.deleteInstance('burst-4');

		expect(isProcessAlive(pid)).toBe(false);
		expect(instanceFolders(runtime.dataDir)).not.toContain(record.dir.split('/').pop());
		expect(runtimeState(runtime.dataDir).instances['burst-4']).toBeUndefined();
		if (storage.client === 'pg') {
			expect(await databasesWithPrefix(runtime.dbPrefix)).not.toContain(storage.database);
			expect(await rolesWithPrefix(runtime.dbPrefix)).not.toContain(storage.database);
		}
		const page = await hostRequest(runtime.routerUrl, 'burst4.localhost', '/server/ping', { headers: { accept: 'application/json' } });
		expect(page.status).toBe(404);
		expect(await runtime.driver.usage('2000-01-01', 'burst-4')).toEqual([]);
		// Deleting what does not exist is done already.
		await expect(runtime.driver.deleteInstance('burst-4')).resolves.toBeUndefined();
	});
});
