/**
 * One port serves everything, in a real browser: the router passes `localhost` through to the
 * control plane (the portal), opens a project's own Studio at `{subdomain}.localhost/admin` where
 * its admin signs in with the project's credentials, and shows the branded page for unknown hosts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlPlane } from '../support/api.ts';
import { launchChromium } from '../support/browser.ts';
import { TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'site-owner@example.com', password: 'site-owner-password' };
let runtime: TestRuntime;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
	runtime = new TestRuntime({ warmPoolSize: 1, controlPlaneUrl: controlPlane().url });
	await runtime.start();
	await runtime.waitForPool(1);
	await runtime.driver.ensureInstance({ projectId: 'p-browser', subdomain: 'acme', projectName: 'Acme Content', admin });
	browser = await launchChromium();
	context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
	page = await context.newPage();
}, 180_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await runtime?.destroy();
});

const site = (host: string, path: string) => `http://${host}:${runtime.routerPort}${path}`;

describe('sites through the router in Chromium', () => {
	it("opens a project's Studio at {subdomain}.localhost and signs its admin in", async () => {
		await page.goto(site('acme.localhost', '/admin/login'));
		await page.locator('input[type="email"]').fill(admin.email);
		await page.locator('input[type="password"]').fill(admin.password);
		await page.keyboard.press('Enter');
		await page.waitForURL(/\/admin\/content/, { timeout: 30_000 });
		expect(new URL(page.url()).host).toBe(`acme.localhost:${runtime.routerPort}`);
		await expect.poll(() => page.getByText('Acme Content').first().isVisible(), { timeout: 15_000 }).toBe(true);
	});

	it('serves the portal of the control plane on the same port', async () => {
		await page.goto(site('localhost', '/'));
		await expect.poll(() => page.getByTestId('pricing-plan').count(), { timeout: 15_000 }).toBeGreaterThan(0);
	});

	it('shows the branded not-found page for a host no project uses', async () => {
		const response = await page.goto(site('nobody.localhost', '/admin'));
		expect(response?.status()).toBe(404);
		// As long as the other waits here: one look into Chromium took over expect.poll's default
		// second on a CI machine at a load of 12.
		await expect.poll(() => page.getByRole('heading', { name: 'No site here' }).isVisible(), { timeout: 15_000 }).toBe(true);
		await expect.poll(() => page.getByRole('link', { name: 'help@epic-cms.example' }).isVisible(), { timeout: 15_000 }).toBe(true);
	});
});
