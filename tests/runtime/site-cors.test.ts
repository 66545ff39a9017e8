/**
 * A customer's front end on another origin calls its CMS from the browser (docs/product.md,
 * Allowed origins): in a real Chromium, a page on an allowed origin reads the site's API with a
 * token and opens its websocket; a page on any other origin is refused both, and a change to the
 * list applies at the next request, without restarting the site.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumPagePerTest } from '../support/browser.ts';
import { hostRequest } from '../support/host-request.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'cors@example.com', password: 'cors-secret-password' };
let runtime: TestRuntime;
let frontEnd: http.Server;
let frontEndPort: number;
let token: string;
let page: Page;
chromiumPagePerTest((opened) => (page = opened));

const siteUrl = () => `http://cors.localhost:${runtime.routerPort}`;
/** The same front end reached under two host names: two origins. */
const allowedOrigin = () => `http://127.0.0.1:${frontEndPort}`;
const otherOrigin = () => `http://localhost:${frontEndPort}`;

beforeAll(async () => {
	runtime = new TestRuntime({ warmPoolSize: 0 });
	await runtime.start();
	await runtime.driver.ensureInstance({ projectId: 'p-cors', subdomain: 'cors', projectName: 'Cors', admin });
	token = await loginThroughRouter(runtime.routerUrl, 'cors.localhost', admin.email, admin.password);
	frontEnd = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Front end</title>'));
	await new Promise<void>((resolve) => frontEnd.listen(0, '127.0.0.1', resolve));
	frontEndPort = (frontEnd.address() as AddressInfo).port;
}, 180_000);

afterAll(async () => {
	frontEnd?.close();
	await runtime?.destroy();
});

/** What the page gets from `fetch` of the site's /users/me with the token (a preflighted request). */
function readMe(): Promise<{ status: number; email: string } | { failed: string }> {
	return page.evaluate(
		async ({ url, bearer }) => {
			try {
				const answer = await fetch(`${url}/users/me?fields=email`, { headers: { authorization: `Bearer ${bearer}` } });
				return { status: answer.status, email: ((await answer.json()) as { data: { email: string } }).data.email };
			} catch (error) {
				return { failed: String(error) };
			}
		},
		{ url: siteUrl(), bearer: token },
	);
}

/** Whether the page's websocket to the site opens. */
function openWebsocket(): Promise<'open' | 'refused'> {
	return page.evaluate(
		(url) =>
			new Promise<'open' | 'refused'>((resolve) => {
				const socket = new WebSocket(url);
				socket.onopen = () => {
					socket.close();
					resolve('open');
				};
				socket.onerror = () => resolve('refused');
			}),
		`${siteUrl().replace('http', 'ws')}/websocket`,
	);
}

describe("a site's allowed origins", () => {
	test('no origin is allowed at first: the page can neither read the API nor open the websocket', async () => {
		await page.goto(allowedOrigin());
		expect(await readMe()).toEqual({ failed: 'TypeError: Failed to fetch' });
		expect(await openWebsocket()).toBe('refused');
	});

	test('an allowed origin reads the API and opens the websocket; another origin stays refused', async () => {
		const pid = (await runtime.driver.instanceStatus('p-cors'))!.pid;
		expect((await runtime.driver.setCorsOrigins('p-cors', [allowedOrigin()])).corsOrigins).toEqual([allowedOrigin()]);

		await page.goto(allowedOrigin());
		expect(await readMe()).toEqual({ status: 200, email: admin.email });
		expect(await openWebsocket()).toBe('open');

		await page.goto(otherOrigin());
		expect(await readMe()).toEqual({ failed: 'TypeError: Failed to fetch' });
		expect(await openWebsocket()).toBe('refused');
		// Applied by the router: the site kept running.
		expect((await runtime.driver.instanceStatus('p-cors'))!.pid).toBe(pid);
	});

	test('a removed origin is refused again at its next request', async () => {
		await runtime.driver.setCorsOrigins('p-cors', []);
		await page.goto(allowedOrigin());
		expect(await readMe()).toEqual({ failed: 'TypeError: Failed to fetch' });
	});

	test('requests without an Origin, and from the site itself, pass as before', async () => {
		const me = await hostRequest(runtime.routerUrl, 'cors.localhost', '/users/me?fields=email', { headers: { authorization: `Bearer ${token}` } });
		expect(me.status).toBe(200);
		expect(me.headers['access-control-allow-origin']).toBeUndefined();
		const own = await hostRequest(runtime.routerUrl, 'cors.localhost', '/server/ping', { headers: { origin: siteUrl() } });
		expect(own.body).toBe('pong');
	});

	test('the runtime refuses a list that is not origins', async () => {
		await expect(runtime.driver.setCorsOrigins('p-cors', ['https://example.com/app'])).rejects.toMatchObject({ status: 400 });
		expect((await runtime.driver.instanceStatus('p-cors'))!.corsOrigins).toEqual([]);
	});
});
