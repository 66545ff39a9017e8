/**
 * Accessibility of the portal in a real browser. axe-core checks every page, signed out and as a
 * customer with a paid subscription and a project, and the dialogs, lists and menus that open on
 * them; none may have a serious or critical violation. The dialogs also work with the keyboard
 * alone: Enter opens them, Tab and Shift+Tab stay inside, Escape closes them and focus goes back
 * to the button that opened them.
 */
import { randomBytes } from 'node:crypto';
import type { Project } from '@epic/platform-api';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, controlPlane, type Data } from '../support/api.ts';
import { axeViolations, describeViolations, isSeriousOrCritical } from '../support/axe.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { openWithSession } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';

let page: Page;
chromiumPagePerTest((opened) => (page = opened));

/** A customer with a paid subscription, a project and an unread notification. */
let customer: TestCustomer;

beforeAll(async () => {
	customer = await registerVerifiedCustomer('a11y');
	await subscribeInSandbox(customer);
	const created = await api('POST', '/projects', {
		token: customer.token,
		body: { name: 'Accessible Site', description: 'Checked by axe', subdomain: `a11y-${randomBytes(4).toString('hex')}` },
	});
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	// Cancelling and reactivating leaves the subscription active and a notification in the list.
	expect((await api('POST', '/stripe/subscription/cancel', { token: customer.token })).status).toBe(200);
	expect((await api('POST', '/stripe/subscription/reactivate', { token: customer.token })).status).toBe(200);
});

type Visitor = 'visitor' | 'customer';

interface Visit {
	/** Names the check in the report; the path when absent. */
	name?: string;
	path: string;
	as: Visitor;
	/** Brings the loaded page into the state to check: a dialog, a list or a menu opened. */
	open?: (page: Page) => Promise<void>;
}

const openProjectDetails = async (page: Page) => {
	await page.getByTestId('project-details').click();
	await page.getByTestId('project-details-dialog').waitFor();
};
const openNotifications = async (page: Page) => {
	await page.getByTestId('notification-bell').click();
	await page.getByTestId('notifications-panel').waitFor();
};
const openUserMenu = async (page: Page) => {
	await page.getByTestId('account-menu').click();
	await page.getByTestId('menu-logout').waitFor();
};
const openDeleteAccount = async (page: Page) => {
	await page.getByTestId('delete-account').click();
	await page.getByTestId('delete-account-dialog').waitFor();
};
const openLanguageMenu = async (page: Page) => {
	await page.getByTestId('language-switcher').click();
	await page.getByRole('menuitemradio', { name: 'Español' }).waitFor();
};

/**
 * Every page the check visits, and the dialogs, lists and menus opened on them. A new page is one
 * more line.
 */
const VISITS: Visit[] = [
	{ path: '/', as: 'visitor' },
	{ name: '/ with the language menu open', path: '/', as: 'visitor', open: openLanguageMenu },
	{ path: '/auth', as: 'visitor' },
	{ path: '/auth?mode=register', as: 'visitor' },
	{ path: '/forgot-password', as: 'visitor' },
	{ path: '/reset-password?token=x', as: 'visitor' },
	{ path: '/verify-email?token=x', as: 'visitor' },
	{ path: '/help', as: 'visitor' },
	{ path: '/about', as: 'visitor' },
	{ path: '/privacy', as: 'visitor' },
	{ path: '/terms', as: 'visitor' },
	{ path: '/lp/for-business', as: 'visitor' },
	{ path: '/lp/for-agencies', as: 'visitor' },
	{ path: '/lp/for-partners', as: 'visitor' },
	{ path: '/stripe-test', as: 'visitor' },
	{ name: 'a 404 path', path: '/no/such/page', as: 'visitor' },
	{ path: '/dashboard', as: 'customer' },
	{ path: '/projects/new', as: 'customer' },
	{ path: '/onboarding', as: 'customer' },
	{ path: '/subscription', as: 'customer' },
	{ path: '/payments', as: 'customer' },
	{ path: '/profile', as: 'customer' },
	{ path: '/profile?tab=security', as: 'customer' },
	{ path: '/profile?tab=account', as: 'customer' },
	{ path: '/billing-portal', as: 'customer' },
	{ name: 'the project details dialog', path: '/dashboard', as: 'customer', open: openProjectDetails },
	{ name: 'the notifications list', path: '/dashboard', as: 'customer', open: openNotifications },
	{ name: 'the user menu', path: '/dashboard', as: 'customer', open: openUserMenu },
	{ name: 'the delete-account confirmation', path: '/profile?tab=account', as: 'customer', open: openDeleteAccount },
];

/** Waits until the page's requests are done and nothing is fading or sliding in (axe reads colours as painted). */
async function settle(page: Page): Promise<void> {
	await page.waitForLoadState('networkidle');
	await page.waitForFunction(() =>
		document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
	);
}

async function load(page: Page, visit: Visit): Promise<void> {
	if (visit.as === 'customer') await openWithSession(page, customer, visit.path);
	else await page.goto(`${controlPlane().url}${visit.path}`);
	// Every page has its own first-level heading in the main landmark; it is there once the page has rendered.
	await page.locator('main h1').first().waitFor();
	await settle(page);
	if (visit.open) {
		await visit.open(page);
		await settle(page);
	}
}

describe('axe-core finds no serious or critical violation', () => {
	it.each(VISITS.map((visit) => [visit.name ?? visit.path, visit] as const))('on %s', async (_name, visit) => {
		await load(page, visit);
		const violations = (await axeViolations(page)).filter(isSeriousOrCritical);
		expect(describeViolations(violations), `${visit.name ?? visit.path} (${visit.as})`).toEqual([]);
	});
});

/** Whether the focused element is inside `container`. */
const focusedIn = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement));

/** Opens the dialog from `trigger` with Enter, tabs around it both ways, closes it with Escape. */
async function expectKeyboardOnlyDialog(trigger: Locator, dialog: Locator): Promise<void> {
	await trigger.focus();
	await page.keyboard.press('Enter');
	await dialog.waitFor();
	await settle(page);
	expect(await focusedIn(dialog), 'focus moves into the dialog').toBe(true);
	for (const key of [
		'Tab',
		'Tab',
		'Tab',
		'Tab',
		'Tab',
		'Tab',
		'Tab',
		'Tab',
		'Shift+Tab',
		'Shift+Tab',
		'Shift+Tab',
		'Shift+Tab',
		'Shift+Tab',
		'Shift+Tab',
		'Shift+Tab',
		'Shift+Tab',
		'Shift+Tab',
		'Shift+Tab',
	]) {
		await page.keyboard.press(key);
		expect(await focusedIn(dialog), `focus stays in the dialog after ${key}`).toBe(true);
	}
	await page.keyboard.press('Escape');
	await dialog.waitFor({ state: 'hidden' });
	expect(await trigger.evaluate((element) => element === document.activeElement), 'focus returns to the button that opened the dialog').toBe(true);
}

describe('dialogs with the keyboard alone', () => {
	it('the confirm dialog (deleting a project)', async () => {
		await load(page, { path: '/dashboard', as: 'customer' });
		await expectKeyboardOnlyDialog(page.getByTestId('project-delete'), page.getByTestId('delete-project-dialog'));
		// Escape kept the project.
		expect((await api<Data<Project[]>>('GET', '/projects', { token: customer.token })).body.data).toHaveLength(1);
	});

	it('the project details dialog', async () => {
		await load(page, { path: '/dashboard', as: 'customer' });
		await expectKeyboardOnlyDialog(page.getByTestId('project-details'), page.getByTestId('project-details-dialog'));
	});

	it('the delete-account confirmation', async () => {
		await load(page, { path: '/profile?tab=account', as: 'customer' });
		await expectKeyboardOnlyDialog(page.getByTestId('delete-account'), page.getByTestId('delete-account-dialog'));
		expect((await api('GET', '/account/me', { token: customer.token })).status).toBe(200);
	});
});
