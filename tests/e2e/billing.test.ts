/**
 * Paying in a real browser with the sandbox provider: a customer chooses a plan, pays with Stripe's
 * test cards in the portal's card form, lands on the success page and sees the subscription; a
 * declined card shows its message and creates nothing; cancel shows 'canceling until', reactivate
 * restores it; moving the sandbox's clock past the period ends a cancelled subscription, and the
 * card that fails at renewal turns the subscription past_due, shown in red.
 */
import type { Subscription } from '@epic/platform-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, type Data } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';

let page: Page;

chromiumPagePerTest((opened) => (page = opened));

const open = (path: string) => page.goto(`${controlPlane().url}${path}`);

async function choosePlan(planId: string) {
	await open('/subscription');
	await page.getByTestId(`choose-plan-${planId}`).click();
	await page.waitForURL(/\/subscription\/checkout/);
	await page.getByTestId('sandbox-checkout-form').waitFor();
}

async function fillCard(number: string) {
	await page.getByTestId('card-number').fill(number);
	await page.getByTestId('card-expiry').fill('12/34');
	await page.getByTestId('card-cvc').fill('123');
	await page.getByTestId('card-holder').fill('Test Holder');
	await page.getByTestId('pay-button').click();
}

async function advanceSandboxClock(days: number) {
	const moved = await api('POST', '/stripe/sandbox/advance-clock', { token: await adminToken(), body: { days } });
	expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

async function subscriptionStatus(customer: TestCustomer) {
	return (await api<Data<Subscription>>('GET', '/stripe/subscription', { token: customer.token })).body;
}

describe('sandbox billing in Chromium', () => {
	it('refuses a declined card with its message, then pays with 4242 and shows the active subscription', async () => {
		const customer = await registerVerifiedCustomer('pay-browser');
		await signInThroughPortal(page, controlPlane().url, customer);
		await choosePlan('pro');
		expect(await page.getByTestId('order-amount').textContent()).toContain('39');

		await fillCard('4000 0000 0000 0002');
		const error = page.getByTestId('payment-error');
		await error.waitFor();
		expect(await error.getAttribute('data-code')).toBe('CARD_DECLINED');
		expect(await error.textContent()).toContain('Your card was declined.');
		expect(page.url()).toMatch(/\/subscription\/checkout/);
		expect((await api('GET', '/stripe/subscription', { token: customer.token })).status).toBe(404);

		await page.getByTestId('card-number').fill('');
		await fillCard('4242 4242 4242 4242');
		await page.getByTestId('checkout-return-success').waitFor();
		expect(page.url()).toMatch(/\/subscription\/return\?session_id=cs_sbx_/);

		await page.getByTestId('manage-subscription').click();
		await page.locator('[data-testid="subscription-card"][data-status="active"]').waitFor();
		expect(await page.getByTestId('subscription-plan').textContent()).toContain('Pro');
		expect(await page.getByTestId('subscription-date').getAttribute('data-kind')).toBe('renews');

		await page.getByTestId('cancel-subscription').click();
		await page.getByTestId('cancel-dialog').waitFor();
		await page.getByTestId('confirm-cancel').click();
		const canceling = page.locator('[data-testid="subscription-date"][data-kind="cancels"]');
		await canceling.waitFor();
		expect(await canceling.textContent()).toMatch(/^Canceling until /);

		await page.getByTestId('reactivate-subscription').click();
		await page.locator('[data-testid="subscription-date"][data-kind="renews"]').waitFor();
		expect((await subscriptionStatus(customer)).data.cancel_at_period_end).toBe(false);

		// Cancelled again, then the period passes: the subscription has ended.
		await page.getByTestId('cancel-subscription').click();
		await page.getByTestId('confirm-cancel').click();
		await canceling.waitFor();
		await advanceSandboxClock(32);
		await page.reload();
		await page.getByTestId('subscription-none').waitFor();
		expect((await api('GET', '/stripe/subscription', { token: customer.token })).status).toBe(404);
	});

	it('shows past_due in red after the 0341 card fails its renewal', async () => {
		const customer = await registerVerifiedCustomer('late-browser');
		await signInThroughPortal(page, controlPlane().url, customer);
		await choosePlan('starter');
		await fillCard('4000000000000341');
		await page.getByTestId('checkout-return-success').waitFor();

		await advanceSandboxClock(32);
		expect((await subscriptionStatus(customer)).data.status).toBe('past_due');
		await open('/subscription');
		const badge = page.locator('[data-testid="subscription-status"][data-status="past_due"]');
		await badge.waitFor();
		const color = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);
		const [red, green, blue] = (color.match(/\d+/g) ?? []).map(Number);
		expect(red, color).toBeGreaterThan(150);
		expect(red! - Math.max(green!, blue!), color).toBeGreaterThan(60);
		await page.locator('[data-testid="subscription-warning"][data-warning="pastDue"]').waitFor();
	});
});
