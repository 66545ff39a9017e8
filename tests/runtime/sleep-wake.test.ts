/**
 * Idle instances sleep and the next request wakes them: an API request is held until the CMS
 * answers, a browser that would wait too long gets a self-reloading "starting" page instead. An
 * open websocket counts as activity.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { hostRequest } from '../support/host-request.ts';
import { isProcessAlive } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'sleeper@example.com', password: 'sleeper-secret-password' };
let runtime: TestRuntime;

beforeAll(async () => {
	runtime = new TestRuntime({ warmPoolSize: 0, idleTimeoutSeconds: 2, wakePageAfterMs: 300 });
	await runtime.start();
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

const sleeping = () =>
	waitFor('the instance to fall asleep', async () => {
		const status = await runtime.driver.instanceStatus('p-sleep');
		return status?.state === 'sleeping' ? status : null;
	});

describe('sleep and wake', () => {
	test('an idle instance sleeps, and an API request wakes it and is answered', async () => {
		const created = await runtime.driver.ensureInstance({ projectId: 'p-sleep', subdomain: 'sleepy', projectName: 'Sleepy', admin });
		const asleep = await sleeping();
		expect(asleep.pid).toBeNull();
		expect(isProcessAlive(created.pid!)).toBe(false);
		expect(asleep.diskBytes).toBeGreaterThan(0);

		const ping = await hostRequest(runtime.routerUrl, 'sleepy.localhost', '/server/ping', { headers: { accept: 'application/json' } });
		expect(ping.status).toBe(200);
		expect(ping.body).toBe('pong');
		const awake = await runtime.driver.instanceStatus('p-sleep');
		expect(awake).toMatchObject({ state: 'running' });
		expect(awake!.pid).not.toBe(created.pid);
	}, 60_000);

	test('a browser navigation that would wait gets the starting page, then the CMS', async () => {
		await sleeping();
		const page = await hostRequest(runtime.routerUrl, 'sleepy.localhost', '/admin/login', { headers: { accept: 'text/html' } });
		expect(page.status).toBe(503);
		expect(page.body).toContain('data-page="starting"');
		expect(page.body).toContain('http-equiv="refresh"');
		expect(page.headers['retry-after']).toBe('2');

		// The browser reloads until the CMS answers; every answer before that must be the starting page.
		const answers: string[] = [];
		const studio = await waitFor('the woken Studio', async () => {
			const response = await hostRequest(runtime.routerUrl, 'sleepy.localhost', '/admin/login', { headers: { accept: 'text/html' } }).catch((error: Error) => error);
			if (response instanceof Error) {
				answers.push(`request failed: ${response.message}`);
				return null;
			}
			answers.push(response.status === 200 ? 'cms' : `${response.status} ${/data-page="([a-z-]+)"/.exec(response.body)?.[1] ?? response.body.slice(0, 200)}`);
			return response.status === 200 ? response : null;
		});
		expect(answers.filter((answer) => answer !== 'cms' && answer !== '503 starting')).toEqual([]);
		expect(studio.body).toContain('<div id="app"');
	}, 60_000);

	test('an ensure that wakes a sleeping project gives it a full idle period', async () => {
		await sleeping();
		const woken = await runtime.driver.ensureInstance({ projectId: 'p-sleep', subdomain: 'sleepy', projectName: 'Sleepy', admin });
		expect(woken.state).toBe('running');
		// Half the idle timeout later (the sweep runs every third of it), it must still be up.
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect((await runtime.driver.instanceStatus('p-sleep'))?.state).toBe('running');
	}, 60_000);

	test('an open websocket keeps the instance awake; once it closes, the instance sleeps', async () => {
		const ping = await hostRequest(runtime.routerUrl, 'sleepy.localhost', '/server/ping', { headers: { accept: 'application/json' } });
		expect(ping.body).toBe('pong');
		// Authenticated, so Directus keeps the socket open past its unauthenticated-socket timeout.
		const token = await loginThroughRouter(runtime.routerUrl, 'sleepy.localhost', admin.email, admin.password);
		const socket = new WebSocket(`${runtime.routerUrl.replace('http', 'ws')}/websocket`, { headers: { host: 'sleepy.localhost' } });
		socket.on('message', (data) => {
			const message = JSON.parse(String(data)) as { type: string };
			if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
		});
		await new Promise((resolve, reject) => {
			socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', access_token: token })));
			socket.once('message', resolve);
			socket.once('error', reject);
		});
		// Three idle timeouts with only the socket open.
		await new Promise((resolve) => setTimeout(resolve, 6000));
		expect((await runtime.driver.instanceStatus('p-sleep'))?.state).toBe('running');

		socket.close();
		await sleeping();
	}, 60_000);

	test('a stopped project does not wake on requests', async () => {
		await runtime.driver.stopInstance('p-sleep');
		const page = await hostRequest(runtime.routerUrl, 'sleepy.localhost', '/server/ping', { headers: { accept: 'application/json' } });
		expect(page.status).toBe(503);
		expect((await runtime.driver.instanceStatus('p-sleep'))?.state).toBe('stopped');
	});
});

describe('a platform short of memory', () => {
	let tight: TestRuntime;

	beforeAll(async () => {
		// A floor no machine reaches: every wake that costs memory is refused.
		tight = new TestRuntime({ warmPoolSize: 0, idleTimeoutSeconds: 2, env: { WAKE_MIN_FREE_MEMORY_MB: '10000000' } });
		await tight.start();
	}, 180_000);

	afterAll(async () => {
		await tight?.destroy();
	});

	test('a request does not wake a sleeping site: 503 with Retry-After, and the site sleeps on', async () => {
		await tight.driver.ensureInstance({ projectId: 'p-tight', subdomain: 'tight', projectName: 'Tight', admin });
		await waitFor('the instance to fall asleep', async () => (await tight.driver.instanceStatus('p-tight'))?.state === 'sleeping');

		const api = await hostRequest(tight.routerUrl, 'tight.localhost', '/server/ping', { headers: { accept: 'application/json' } });
		expect(api.status).toBe(503);
		expect(api.headers['retry-after']).toBe('30');
		expect(api.json()).toEqual({ errors: [{ message: 'This site is asleep, and the platform is busy', extensions: { code: 'BUSY' } }] });
		const page = await hostRequest(tight.routerUrl, 'tight.localhost', '/admin', { headers: { accept: 'text/html', 'accept-language': 'es' } });
		expect(page.status).toBe(503);
		expect(page.body).toContain('data-page="busy"');
		expect(page.body).toContain('Este sitio está en reposo y la plataforma está ocupada');
		const upgrade = await new Promise<number>((resolve, reject) => {
			const socket = new WebSocket(`${tight.routerUrl.replace('http', 'ws')}/websocket`, { headers: { host: 'tight.localhost' } });
			socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
			socket.once('open', () => reject(new Error('the websocket opened')));
			socket.once('error', () => {});
		});
		expect(upgrade).toBe(503);

		expect((await tight.driver.instanceStatus('p-tight'))?.state).toBe('sleeping');
		// The owner's start through the management API is not a visitor's wake: it is not refused.
		expect((await tight.driver.ensureInstance({ projectId: 'p-tight', subdomain: 'tight', projectName: 'Tight', admin })).state).toBe('running');
	}, 60_000);
});
