/**
 * The dashboard's usage in a real browser: with a real runtime, the requests sent to a published
 * site through the router are the figures on the stats row and on the project's card, with a 30-day
 * chart that has a text alternative; on a control plane without a runtime the dashboard says usage
 * is unavailable instead of showing zeros.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api, controlPlane, useOwnControlPlane } from '../support/api.ts';
import { launchChromium } from '../support/browser.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { TestRuntime } from '../support/test-runtime.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';

/** Requests the test sends to the site; the router counts each one once. */
const SITE_REQUESTS = 7;


let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
	browser = await launchChromium();
});
afterAll(async () => {
	await browser?.close();
});
beforeEach(async () => {
	context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
	page = await context.newPage();
});
afterEach(async () => {
	await context?.close();
});

async function subscribedCustomerWithProject(label: string): Promise<{ customer: TestCustomer; projectId: string; subdomain: string }> {
	const customer = await registerVerifiedCustomer(label);
	await subscribeInSandbox(customer);
	const subdomain = `${label}-${randomBytes(3).toString('hex')}`;
	const created = await api('POST', '/projects', { token: customer.token, body: { name: 'Counted Site', subdomain } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	return { customer, projectId: created.body.data.id, subdomain };
}

describe('the dashboard without a runtime', () => {
	it('says usage is unavailable, on the stats row and the card, instead of zeros', async () => {
		const { customer } = await subscribedCustomerWithProject('usage-none');
		await signInThroughPortal(page, controlPlane().url, customer);

		const unavailable = page.getByTestId('stat-requests-unavailable');
		await unavailable.waitFor();
		expect(await unavailable.getAttribute('data-reason')).toBe('not_configured');
		expect(await unavailable.textContent()).toBe('Usage unavailable');
		expect(await page.getByTestId('stat-change-unavailable').textContent()).toBe('Usage unavailable');
		// The project stays a draft without a runtime: none is active.
		expect(await page.getByTestId('stat-active-projects').textContent()).toBe('0');
		const projectCard = page.getByTestId('project-card');
		expect(await projectCard.getByTestId('project-usage-unavailable').textContent()).toBe('Usage unavailable');
		expect(await page.getByTestId('stat-requests').count()).toBe(0);
		expect(await projectCard.getByTestId('project-requests').count()).toBe(0);
	});
});

describe('the dashboard with a runtime', () => {
	let runtime: TestRuntime;
	let own: RunningTestControlPlane;
	let owner: TestCustomer;
	let projectId: string;

	beforeAll(async () => {
		runtime = new TestRuntime({ db: inject('controlPlane').db, warmPoolSize: 1 });
		await runtime.start();
		own = await bootTestControlPlane(inject('controlPlane').db, {
			label: 'usage-e2e',
			env: { RUNTIME_URL: runtime.apiUrl, RUNTIME_SECRET: runtime.secret, PUBLIC_HOST: 'localhost' },
		});
		const { stop: _stop, ...handle } = own;
		useOwnControlPlane(handle);
		const made = await subscribedCustomerWithProject('usage-shown');
		owner = made.customer;
		projectId = made.projectId;

		const deadline = Date.now() + 90_000;
		let status = 'draft';
		while (!['published', 'failed'].includes(status) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 250));
			status = (await api('GET', `/projects/${projectId}`, { token: owner.token })).body.data.status;
		}
		expect(status).toBe('published');
		for (let sent = 0; sent < SITE_REQUESTS; sent++) {
			expect((await hostRequest(runtime.routerUrl, `${made.subdomain}.localhost`, '/server/ping')).status).toBe(200);
		}
	}, 240_000);

	afterAll(async () => {
		await own?.stop();
		await runtime?.destroy();
	});

	it('shows the requests through the router on the stats row and the card, with the chart', async () => {
		await signInThroughPortal(page, controlPlane().url, owner);

		const requests = page.getByTestId('stat-requests');
		await requests.waitFor();
		expect(await requests.textContent()).toBe(String(SITE_REQUESTS));
		expect(await page.getByTestId('stat-change').textContent()).toBe('No earlier traffic');
		expect(await page.getByTestId('stat-active-projects').textContent()).toBe('1');

		const projectCard = page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
		expect(await projectCard.getByTestId('project-requests').textContent()).toBe(`${SITE_REQUESTS} requests in the last 30 days`);
		expect(await projectCard.getByTestId('project-requests-change').textContent()).toBe('No earlier traffic');

		const chart = projectCard.getByTestId('project-usage-chart').getByRole('img');
		expect(await chart.getAttribute('aria-labelledby')).toBeTruthy();
		const name = await chart.evaluate((svg) => document.getElementById(svg.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
		expect(name).toMatch(new RegExp(`^Requests per day over the last 30 days: ${SITE_REQUESTS} in total; the busiest day was .+ with ${SITE_REQUESTS}\\.$`));
		const bars = await chart.locator('rect').evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('data-requests'))));
		expect(bars).toHaveLength(30);
		expect(bars.reduce((sum, count) => sum + count, 0)).toBe(SITE_REQUESTS);
	});
});
