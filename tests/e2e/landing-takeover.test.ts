/**
 * The landing page as the control plane draws it (portal/src/server-render): complete and in the
 * browser's language with no script downloaded, and the app taking it over without the visitor
 * noticing: a click made while the app loads is handed to it, focus and scroll stay where they
 * were, and a visitor the drawn page does not fit (a saved language, a session) gets the app at once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { controlPlane } from '../support/api.ts';
import { launchChromium } from '../support/browser.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';
import { portalText } from '../support/portal-text.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
	browser = await launchChromium();
});
afterEach(async () => {
	await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
	await browser?.close();
});

interface OpenedPage {
	page: Page;
	scripts: string[];
	errors: string[];
}

async function openLanding(locale: string, beforeLoad?: (page: Page) => Promise<void>): Promise<OpenedPage> {
	const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
	contexts.push(context);
	const page = await context.newPage();
	const scripts: string[] = [];
	const errors: string[] = [];
	page.on('request', (request) => {
		if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
	});
	// A script the Content-Security-Policy refuses is reported on the console, not as a page error.
	page.on('console', (message) => {
		if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) errors.push(message.text());
	});
	page.on('pageerror', (error) => errors.push(error.message));
	await beforeLoad?.(page);
	await page.goto(`${controlPlane().url}/`, { waitUntil: 'networkidle' });
	return { page, scripts, errors };
}

const drawnByServer = (page: Page) => page.locator('#root').evaluate((root) => root.hasAttribute('data-server-rendered'));
const takenOver = (page: Page) => page.locator('#root:not([data-server-rendered])').waitFor({ state: 'attached' });

describe('the landing page drawn by the control plane', () => {
	it('is complete, in the browser language, with no script downloaded and nothing refused', async () => {
		const plans = (await (await fetch(`${controlPlane().url}/stripe/plans?lang=es`)).json()) as { data: { id: string }[] };
		const { page, scripts, errors } = await openLanding('es-ES');

		expect(await drawnByServer(page)).toBe(true);
		expect(scripts).toEqual([]);
		expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
		expect(await page.locator('h1').innerText()).toBe(portalText('es', 'landing.hero.title'));
		expect(await page.getByTestId('pricing-plan').count()).toBe(plans.data.length);
		expect(await page.getByTestId('system-status').getAttribute('data-status')).toBe('operational');
		expect(await page.getByTestId('support-email').count()).toBe(1);
		// The boot script ran (a Content-Security-Policy refusal would be a console error and leave it unset).
		expect(await page.evaluate(() => typeof (window as { __pendingTakeover?: unknown }).__pendingTakeover)).toBe('object');
		expect(errors).toEqual([]);
	});

	it('hands a click made before the app has loaded to the app: the language menu opens and switches', async () => {
		const { page, scripts, errors } = await openLanding('en-US');
		expect(scripts).toEqual([]);

		await page.getByTestId('language-switcher').click();
		await page.getByRole('menuitemradio', { name: 'Español' }).click();
		await page.waitForFunction(() => document.documentElement.lang === 'es');
		expect(await drawnByServer(page)).toBe(false);
		expect(scripts.length).toBeGreaterThan(0);
		expect(await page.locator('h1').innerText()).toBe(portalText('es', 'landing.hero.title'));
		expect(errors).toEqual([]);
	});

	it('keeps keyboard focus and the scroll position when the app takes over', async () => {
		const { page } = await openLanding('en-US');
		await page.keyboard.press('Tab');
		await takenOver(page);
		expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(portalText('en', 'nav.skipToContent'));

		const { page: scrolled } = await openLanding('en-US');
		// Instant: the portal scrolls smoothly, and a position read mid-animation is not where the
		// visitor ends up.
		await scrolled.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
		expect(await scrolled.evaluate(() => window.scrollY)).toBe(1500);
		await takenOver(scrolled);
		// Two frames: the router's scroll restoration and the position put back have both run.
		await scrolled.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
		// Within a pixel or two: the browser's scroll anchoring may follow a sub-pixel change of height.
		expect(Math.abs((await scrolled.evaluate(() => window.scrollY)) - 1500)).toBeLessThanOrEqual(2);
	});

	it('leaves the page to the app at once for a visitor who picked another language, or who is signed in', async () => {
		const { page } = await openLanding('en-US', async (opened) => {
			await opened.addInitScript(() => window.localStorage.setItem('preferred-language', 'ru'));
		});
		await takenOver(page);
		await page.waitForFunction(() => document.documentElement.lang === 'ru');
		expect(await page.locator('h1').innerText()).toBe(portalText('ru', 'landing.hero.title'));

		const customer = await registerVerifiedCustomer('takeover');
		const context = await browser.newContext({ locale: 'en-US' });
		contexts.push(context);
		const signedIn = await context.newPage();
		await signInThroughPortal(signedIn, controlPlane().url, customer);
		await signedIn.goto(`${controlPlane().url}/`);
		await signedIn.waitForURL(`${controlPlane().url}/dashboard`);
	});
});
