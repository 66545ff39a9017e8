/**
 * A project's allowed origins in its details dialog, in Chromium, against a real runtime
 * (docs/product.md, Allowed origins): a line that is not an origin is named under the field when the
 * form is sent from the keyboard, and nothing is saved; a list written loosely (upper case, a
 * trailing slash) is saved normalised, shown as saved, and the site's router then answers a
 * preflight from an allowed origin and not from another. axe-core finds nothing serious with the
 * dialog open, and on a phone-wide screen, in Spanish (longer words, the refusal in the page's
 * language), nothing in the section runs off the side. The control plane sits behind the
 * runtime's router (tests/support/journey-stack.ts).
 */
import type { Project } from '@epic/platform-api';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Data } from '../support/api.ts';
import { seriousViolationsInOpenDialog } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import { rightmostEdge, signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';

const SAVED = ['https://www.shop.example', 'http://localhost:5173'];

let stack: WorkerJourneyStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let customer: TestCustomer;
let project: { id: string; subdomain: string };

/** Opens the project's details and resolves with its allowed-origins section. */
async function openCorsSection(): Promise<Locator> {
	await page.locator(`[data-testid="project-card"][data-project-id="${project.id}"]`).getByTestId('project-details').click();
	const section = page.getByTestId('project-details-dialog').getByTestId('project-cors');
	await section.getByTestId('cors-origins-input').waitFor();
	return section;
}

/** Sends the section's form the way a keyboard user does: focus on Save, then Enter. */
async function saveWithKeyboard(section: Locator): Promise<void> {
	await section.getByTestId('cors-origins-save').focus();
	await page.keyboard.press('Enter');
}

/** The list the control plane has stored for the project. */
async function storedOrigins(): Promise<string[]> {
	const answer = await api<Data<Project>>('GET', `/projects/${project.id}`, { token: customer.token });
	expect(answer.status).toBe(200);
	return answer.body.data.cors_origins;
}

/** The site's answer to a browser's preflight from `origin`, through the runtime's router. */
function preflightFrom(origin: string) {
	return hostRequest(stack.runtime.routerUrl, `${project.subdomain}.localhost`, '/items/articles', {
		method: 'OPTIONS',
		headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
	});
}

beforeAll(async () => {
	stack = workerJourneyStack();
	customer = await registerVerifiedCustomer('cors-browser');
	await subscribeInSandbox(customer);
	project = await publishedProject(customer, 'cors');
	browser = await launchChromium();
}, 300_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await stack?.stopSites();
});

describe("a project's allowed origins in Chromium", () => {
	it('names a line that is not an origin and saves nothing, then saves the list normalised, which the site answers for', async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
		page = await context.newPage();
		const patches: string[] = [];
		page.on('request', (request) => {
			if (request.method() === 'PATCH' && new URL(request.url()).pathname === `/projects/${project.id}`) patches.push(request.postData() ?? '');
		});
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		const section = await openCorsSection();
		const input = section.getByTestId('cors-origins-input');
		expect(await input.inputValue()).toBe('');
		expect(await section.getByTestId('cors-origins-error').count()).toBe(0);

		// A host without a scheme: named under the field, and nothing leaves the browser.
		await input.fill('https://ok.example\nwww.example.com');
		await saveWithKeyboard(section);
		const error = section.getByTestId('cors-origins-error');
		await error.waitFor();
		expect(await error.textContent()).toBe('www.example.com is not an origin: write a scheme and a host, like https://www.example.com (a port may follow, nothing else)');
		expect(await input.getAttribute('aria-invalid')).toBe('true');
		// Assistive technology reads the message as the field's error, and hears it when it appears.
		expect(await input.getAttribute('aria-errormessage')).toBe(await error.getAttribute('id'));
		expect(await error.getAttribute('aria-live')).toBe('polite');
		expect(await input.inputValue()).toBe('https://ok.example\nwww.example.com');
		expect(patches).toEqual([]);
		expect(await storedOrigins()).toEqual([]);
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);

		// Written loosely, saved as browsers send origins.
		await input.fill('https://WWW.Shop.Example/\n\nhttp://localhost:5173');
		const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/projects/${project.id}`);
		await saveWithKeyboard(section);
		expect((await saved).status()).toBe(200);
		expect(patches.map((body) => JSON.parse(body))).toEqual([{ cors_origins: SAVED }]);
		await page
			.getByTestId('toast')
			.filter({ has: page.locator('[data-part="title"]').getByText('Allowed origins saved', { exact: true }) })
			.waitFor();
		expect(await input.inputValue()).toBe(SAVED.join('\n'));
		expect(await section.getByTestId('cors-origins-error').count()).toBe(0);
		expect(await input.getAttribute('aria-invalid')).toBeNull();
		expect(await storedOrigins()).toEqual(SAVED);

		// The site's router answers for the saved list at once.
		const allowed = await preflightFrom('https://www.shop.example');
		expect(allowed.status).toBe(204);
		expect(allowed.headers['access-control-allow-origin']).toBe('https://www.shop.example');
		expect(allowed.headers['access-control-allow-credentials']).toBe('true');
		const other = await preflightFrom('https://www.example.com');
		expect(other.status).toBe(204);
		expect(other.headers['access-control-allow-origin']).toBeUndefined();

		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
		await context.close();
	});

	it('shows the saved list again and fits a phone-wide screen in Spanish, naming a long refused entry in Spanish', async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
		page = await context.newPage();
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		// The reader's choice of Spanish, as the language switcher keeps it.
		await page.evaluate(() => localStorage.setItem('preferred-language', 'es'));
		await page.reload();
		// The page's own <html lang> says English until the portal's script has loaded the Spanish texts.
		await page.waitForFunction(() => document.documentElement.lang === 'es');
		const section = await openCorsSection();
		const input = section.getByTestId('cors-origins-input');
		expect(await input.inputValue()).toBe(SAVED.join('\n'));
		await section.scrollIntoViewIfNeeded();
		// Nothing in the section is wider than the screen.
		expect(await section.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
		expect(await rightmostEdge(section)).toBeLessThanOrEqual(375);

		// An entry with a path, long and without spaces: its message wraps rather than widening the dialog.
		const long = 'https://a-rather-long-front-end-name.staging.shop.example/storefront/index.html';
		await input.fill(long);
		await saveWithKeyboard(section);
		const error = section.getByTestId('cors-origins-error');
		await error.waitFor();
		expect(await error.textContent()).toBe(`${long} no es un origen: escribe un esquema y un host, como https://www.example.com (puede seguir un puerto, nada más)`);
		expect(await section.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
		expect(await rightmostEdge(section)).toBeLessThanOrEqual(375);
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
		expect(await storedOrigins()).toEqual(SAVED);
	});
});
