/**
 * The top bar's bell in a real browser (docs/product.md, Notifications): a customer whose
 * subscription is canceling sees the unread count, opens the list from the keyboard, reads the
 * notification's sentence, and the badge goes; the server has marked it read, so a reload keeps the
 * badge away. A customer with none sees no badge and the empty list.
 */
import type { NotificationList, Subscription } from '@epic/platform-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, controlPlane, type Data } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { readUntil } from '../support/wait-for.ts';

let page: Page;

chromiumPagePerTest((opened) => (page = opened));

async function unreadOf(customer: TestCustomer): Promise<number> {
	const answer = await api<Data<NotificationList>>('GET', '/account/notifications', { token: customer.token });
	expect(answer.status).toBe(200);
	return answer.body.data.unread;
}

/** Polls until the server counts no unread notification or the time is up; returns the last count. */
function unreadWhenZero(customer: TestCustomer, timeoutMs = 10_000): Promise<number> {
	return readUntil(
		() => unreadOf(customer),
		(unread) => unread === 0,
		timeoutMs,
		200,
	);
}

/** Loads `/dashboard` and waits until the bell has read the notifications. */
async function openDashboard(): Promise<void> {
	const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/account/notifications' && response.request().method() === 'GET');
	await page.goto(`${controlPlane().url}/dashboard`);
	expect((await listed).status()).toBe(200);
	await page.getByTestId('notification-bell').waitFor();
}

describe('the notification bell', () => {
	it('counts the unread notifications, lists them, and marks them read when opened', async () => {
		const customer = await registerVerifiedCustomer('bell');
		await subscribeInSandbox(customer);
		const canceled = await api<Data<Subscription>>('POST', '/stripe/subscription/cancel', { token: customer.token });
		expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
		expect(await unreadOf(customer)).toBe(1);

		await signInThroughPortal(page, controlPlane().url, customer);
		const bell = page.getByTestId('notification-bell');
		const badge = page.getByTestId('notification-badge');
		await badge.waitFor();
		expect(await badge.textContent()).toBe('1');
		expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

		await bell.focus();
		await page.keyboard.press('Enter');
		const item = page.getByTestId('notification-item');
		await item.waitFor();
		expect(await item.count()).toBe(1);
		expect(await item.getAttribute('data-kind')).toBe('subscription_canceling');
		// Still shown as new while the list that revealed it is open.
		expect(await item.getAttribute('data-unread')).toBe('true');
		const end = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(canceled.body.data.current_period_end!));
		expect(await item.getByTestId('notification-text').textContent()).toBe(`Your Pro subscription ends on ${end} and will not renew.`);
		await badge.waitFor({ state: 'detached' });
		expect(await bell.getAttribute('aria-label')).toBe('Notifications');
		expect(await unreadWhenZero(customer)).toBe(0);

		// Escape closes the list and gives the focus back to the bell.
		await page.keyboard.press('Escape');
		await page.getByTestId('notifications-panel').waitFor({ state: 'hidden' });
		expect(await bell.evaluate((element) => element === document.activeElement)).toBe(true);

		await openDashboard();
		expect(await badge.count()).toBe(0);
		await bell.click();
		await item.waitFor();
		expect(await item.getAttribute('data-unread')).toBeNull();
	});

	it('shows no badge and an empty list to a customer without notifications', async () => {
		const customer = await registerVerifiedCustomer('bell-empty');
		await signInThroughPortal(page, controlPlane().url, customer);
		await openDashboard();
		expect(await page.getByTestId('notification-badge').count()).toBe(0);
		await page.getByTestId('notification-bell').click();
		await page.getByTestId('notifications-empty').waitFor();
		expect(await page.getByTestId('notification-item').count()).toBe(0);
	});
});
