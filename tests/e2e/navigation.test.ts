/**
 * The top navigation in a real browser: the avatar menu (who is signed in, their pages, the quick
 * actions Create project and Payment history); the fixed bar's style past 50 px of scroll; the
 * language menu from the keyboard alone; and `<html lang>`/`dir`, right from the first render (the
 * browser's language or the saved choice, with only that language's texts downloaded) and after a
 * switch.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlPlane } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';

let page: Page;
chromiumPagePerTest((opened) => (page = opened));

const open = (target: Page, path: string) => target.goto(`${controlPlane().url}${path}`);

/** Resolves after the browser has painted twice: scroll listeners and React have run by then. */
const afterTwoFrames = (target: Page) => target.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

const barStyle = (target: Page) =>
	target
		.locator('header')
		.first()
		.evaluate((header) => {
			const style = getComputedStyle(header);
			return {
				scrolled: header.hasAttribute('data-scrolled'),
				position: style.position,
				top: header.getBoundingClientRect().top,
				background: style.backgroundColor,
				shadow: style.boxShadow,
			};
		});

describe('the top navigation', () => {
	it('opens the avatar menu with the customer, their pages and the quick actions, and follows them', async () => {
		const customer = await registerVerifiedCustomer('navmenu', { firstName: 'Oriana' });
		await signInThroughPortal(page, controlPlane().url, customer);

		await page.getByTestId('account-menu').click();
		const menu = page.getByRole('menu');
		await menu.waitFor();
		expect(await menu.getByText('Oriana Customer', { exact: true }).count()).toBe(1);
		expect(await menu.getByText(customer.email, { exact: true }).count()).toBe(1);
		expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Profile', 'Dashboard', 'Subscription', 'Create project', 'Payment history', 'About', 'Log out']);
		const quickActions = menu.getByRole('group', { name: 'Quick actions' });
		expect(await quickActions.getByRole('menuitem').allInnerTexts()).toEqual(['Create project', 'Payment history']);
		const hrefs = Object.fromEntries(
			await Promise.all(
				['menu-profile', 'menu-dashboard', 'menu-subscription', 'menu-create-project', 'menu-payments', 'menu-about'].map(
					async (testId) => [testId, await page.getByTestId(testId).getAttribute('href')] as const,
				),
			),
		);
		expect(hrefs).toEqual({
			'menu-profile': '/profile',
			'menu-dashboard': '/dashboard',
			'menu-subscription': '/subscription',
			'menu-create-project': '/projects/new',
			'menu-payments': '/payments',
			'menu-about': '/about',
		});

		await page.getByTestId('menu-payments').click();
		await page.waitForURL(/\/payments$/);
		await page.getByTestId('account-menu').click();
		await page.getByTestId('menu-create-project').click();
		await page.waitForURL(/\/projects\/new$/);
	});

	it('keeps the bar fixed and changes its style once the page is scrolled more than 50 px', async () => {
		await open(page, '/');
		await page.getByTestId('pricing-plan').first().waitFor();
		const atTop = await barStyle(page);
		expect(atTop).toMatchObject({ scrolled: false, position: 'fixed', top: 0, background: 'rgba(0, 0, 0, 0)', shadow: 'none' });

		await page.evaluate(() => window.scrollTo(0, 40));
		await afterTwoFrames(page);
		expect(await page.evaluate(() => window.scrollY)).toBe(40);
		expect(await barStyle(page)).toEqual(atTop);

		await page.evaluate(() => window.scrollTo(0, 60));
		await page.locator('header[data-scrolled]').waitFor();
		// The colour and shadow ease in over 0.2 s.
		await page.waitForFunction(() => document.querySelector('header')!.getAnimations().length === 0);
		const scrolled = await barStyle(page);
		expect(scrolled.position).toBe('fixed');
		expect(scrolled.top).toBe(0);
		expect(scrolled.background).not.toBe('rgba(0, 0, 0, 0)');
		expect(scrolled.shadow).not.toBe('none');

		await page.evaluate(() => window.scrollTo(0, 0));
		await page.locator('header:not([data-scrolled])').waitFor();
	});

	it('opens the language menu with the keyboard and gives focus back when it closes', async () => {
		await open(page, '/help');
		const switcher = page.getByTestId('language-switcher');
		await switcher.focus();
		await page.keyboard.press('Enter');
		const menu = page.getByRole('menu');
		await menu.waitFor();
		await page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') !== null);
		await page.keyboard.press('Escape');
		await menu.waitFor({ state: 'hidden' });
		expect(await switcher.evaluate((element) => element === document.activeElement)).toBe(true);

		// Arrow down opens it on the first language (English), again moves to Español, Enter chooses it.
		// The menu takes focus a frame after it opens; each key waits for the one before to land, as a
		// person's would.
		const highlighted = (name: string) => menu.locator('[role="menuitemradio"][data-highlighted]', { hasText: name });
		await page.keyboard.press('ArrowDown');
		await highlighted('English').waitFor();
		await page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') !== null);
		await page.keyboard.press('ArrowDown');
		await highlighted('Español').waitFor();
		await page.keyboard.press('Enter');
		await page.waitForFunction(() => document.documentElement.lang === 'es');
	});

	it("sets <html lang> and dir from the browser's language on the first render, downloading only that language", async () => {
		const context = await page.context().browser()!.newContext({ locale: 'es-ES' });
		try {
			const spanish = await context.newPage();
			const scripts: string[] = [];
			spanish.on('response', (response) => {
				if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
			});
			await open(spanish, '/help');
			await spanish.getByTestId('help-search').waitFor();
			expect(await spanish.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['es', 'ltr']);
			expect(await spanish.getByTestId('language-switcher').innerText()).toBe('ES');
			const languageFiles = scripts.filter((file) => /\/portal-assets\/(en|es|ru)-[\w-]+\.js$/.test(file)).map((file) => file.split('/').pop()!.split('-')[0]);
			expect(languageFiles).toEqual(['es']);
		} finally {
			await context.close();
		}
	});

	it('sets <html lang> from the saved choice before the first render and follows a switch', async () => {
		await page.addInitScript(() => localStorage.setItem('preferred-language', 'ru'));
		await open(page, '/about');
		await page.locator('main h1').waitFor();
		expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ru', 'ltr']);
		expect(await page.locator('main h1').innerText()).toMatch(/[А-Яа-яЁё]/);

		await page.getByTestId('language-switcher').click();
		await page.getByRole('menuitemradio', { name: 'English' }).click();
		await page.waitForFunction(() => document.documentElement.lang === 'en');
		expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
		expect(await page.locator('main h1').innerText()).not.toMatch(/[А-Яа-яЁё]/);
	});
});
