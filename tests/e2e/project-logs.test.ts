/**
 * A project's site log in its details dialog, in Chromium, against a real runtime (docs/product.md,
 * Site log): once the section says it follows the log live, a warning provoked in the site (a
 * request to trigger a flow that does not exist) shows in the log within seconds, once, as a
 * warning. The log can be reached with the keyboard (Tab) and is read by its heading's name;
 * axe-core finds nothing serious with the dialog open, and on a phone-wide screen nothing in the
 * section runs off the side. Staff read the same lines on the project's page in Studio (the bundle's
 * project-site-log interface). Another customer's token gets 404 for the project's log. The control
 * plane sits behind the runtime's router (tests/support/journey-stack.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiError } from '../support/api.ts';
import { seriousViolationsInOpenDialog } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import { rightmostEdge, signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';

let stack: WorkerJourneyStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let customer: TestCustomer;
let stranger: TestCustomer;
let project: { id: string; subdomain: string };

/** Opens the project's details and resolves with its log section once it follows the log live. */
async function openLiveLogSection(): Promise<Locator> {
	await page.locator(`[data-testid="project-card"][data-project-id="${project.id}"]`).getByTestId('project-details').click();
	const section = page.getByTestId('project-details-dialog').getByTestId('project-logs');
	await section.locator('[data-testid="logs-state"][data-state="live"]').waitFor({ timeout: 20_000 });
	return section;
}

/** Asks the site to trigger a flow that does not exist: Directus logs a warning naming it. */
async function provokeWarning(): Promise<string> {
	const flowId = randomUUID();
	const answer = await hostRequest(stack.runtime.routerUrl, `${project.subdomain}.localhost`, `/flows/trigger/${flowId}`, { method: 'POST' });
	expect(answer.status).toBeGreaterThanOrEqual(400);
	return `Couldn't find webhook or manual triggered flow with id "POST-${flowId}"`;
}

beforeAll(async () => {
	stack = workerJourneyStack();
	[customer, stranger] = await Promise.all([registerVerifiedCustomer('logs-browser'), registerVerifiedCustomer('logs-browser-stranger')]);
	await subscribeInSandbox(customer);
	project = await publishedProject(customer, 'logs');
	browser = await launchChromium();
}, 300_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await stack?.stopSites();
});

describe("a project's site log in Chromium", () => {
	it('shows a warning provoked in the site within seconds, once and as a warning, in a log reached with the keyboard', async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
		page = await context.newPage();
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		const section = await openLiveLogSection();
		const log = section.getByRole('log', { name: 'Site log' });
		expect(await log.getAttribute('data-testid')).toBe('logs-lines');
		expect(await section.getByTestId('logs-state').textContent()).toBe('Live');
		expect(await section.getByTestId('logs-stopped').count()).toBe(0);

		const message = await provokeWarning();
		await log.getByText(message).waitFor({ timeout: 10_000 });
		const shown = log.locator('span').filter({ hasText: message });
		expect(await shown.count()).toBe(1);
		expect(await shown.getAttribute('data-level')).toBe('warn');
		expect(await shown.textContent()).toMatch(new RegExp(`^\\d{2}:\\d{2}:\\d{2} WARN ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
		// Still following: the stream did not end with the new line.
		expect(await section.getByTestId('logs-state').getAttribute('data-state')).toBe('live');

		// Reached with Tab like every other control of the dialog, so the keyboard can scroll it.
		expect(await log.getAttribute('tabindex')).toBe('0');
		let reached = false;
		for (let presses = 0; presses < 80 && !reached; presses++) {
			await page.keyboard.press('Tab');
			reached = await log.evaluate((element) => element === document.activeElement);
		}
		expect(reached).toBe(true);

		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
		await context.close();
	});

	it('fits a phone-wide screen, following the log', async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
		page = await context.newPage();
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		const section = await openLiveLogSection();
		const log = section.getByRole('log', { name: 'Site log' });
		// The first test's warning is among the last lines: a long line without spaces in the quotes.
		await log.locator('[data-level="warn"]').first().waitFor();
		await section.scrollIntoViewIfNeeded();
		// Nothing in the section is wider than the screen, and the log wraps its lines rather than scrolling sideways.
		expect(await section.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
		expect(await log.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
		expect(await rightmostEdge(section)).toBeLessThanOrEqual(375);
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
	});

	it("shows staff the same lines on the project's page in Studio", async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
		const studio = await context.newPage();
		await studio.goto(`${stack.controlPlane.url}/admin/login`);
		await studio.locator('input[type="email"]').fill(stack.controlPlane.adminEmail);
		await studio.locator('input[type="password"]').fill(stack.controlPlane.adminPassword);
		await studio.locator('button[type="submit"]').click();
		await studio.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 30_000 });
		await studio.goto(`${stack.controlPlane.url}/admin/content/projects/${project.id}`);
		// Ceilings for a page that never comes, not measures: Studio's first load (its whole app and
		// the extension's bundle) took over 20 s on a CI machine whose two cores ran a load of 17.
		const log = studio.getByTestId('studio-site-log');
		await log.waitFor({ timeout: 60_000 });
		expect(await log.getAttribute('role')).toBe('log');
		await log.getByText(/\S/).first().waitFor({ timeout: 60_000 });

		const message = await provokeWarning();
		await log.getByText(message, { exact: false }).waitFor({ timeout: 30_000 });
		const text = (await log.textContent()) ?? '';
		expect(text.split('\n').filter((line) => line.includes(message))).toEqual([expect.stringMatching(/^\d{2}:\d{2}:\d{2} WARN /)]);
		await context.close();
	}, 240_000);

	it("gives another customer's token 404 for the project's log", async () => {
		const theirs = await api<ApiError>('GET', `/projects/${project.id}/logs`, { token: stranger.token });
		expect(theirs.status).toBe(404);
		expect(theirs.body.errors[0].extensions.code).toBe('PROJECT_NOT_FOUND');
		expect((await api('GET', `/projects/${project.id}/logs`, { token: customer.token })).status).toBe(200);
	});
});
