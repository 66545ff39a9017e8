/**
 * An error goes once the customer retries or the action succeeds (docs/product.md, Error messages): a
 * refused registration, a declined card and a refused project each leave a message, and the success
 * that follows leaves none on screen. Paying also mails a receipt and lists the payment on
 * /payments. Every refusal here is the server's own, for input the portal lets through.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, controlPlane } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';

let page: Page;

chromiumPagePerTest((opened) => (page = opened));

const open = (path: string) => page.goto(`${controlPlane().url}${path}`);
/** Error toasts on screen now, whatever their text. */
const errorToasts = (): Locator => page.locator('[data-testid="toast"][data-type="error"]');
const toast = (title: string): Locator => page.getByTestId('toast').filter({ has: page.locator('[data-part="title"]').getByText(title, { exact: true }) });

describe('errors cleared by the success that follows, in Chromium', () => {
	it('registration: a refused address, then an accepted one, leaves only the success', async () => {
		await open('/auth?mode=register');
		const form = page.getByTestId('auth-form');
		await form.getByLabel(/full name/i).fill('Retrying Customer');
		// The portal lets `.invalid` through; Directus refuses a domain outside the IANA list.
		await form.getByLabel(/email/i).fill(`retry-${randomBytes(4).toString('hex')}@example.invalid`);
		await form
			.getByLabel(/password/i)
			.first()
			.fill('a long enough password 1');
		await form.locator('button[type="submit"]').click();
		await toast('Registration failed').waitFor();
		expect(await errorToasts().count()).toBe(1);

		await form.getByLabel(/email/i).fill(`retry-${randomBytes(4).toString('hex')}@example.com`);
		await form.locator('button[type="submit"]').click();
		await page.getByTestId('check-email').waitFor();
		await toast('Registration successful! Please check your email to verify your account.').waitFor();
		expect(await errorToasts().count()).toBe(0);
	});

	it('payment: a declined card shows its refusal until the card changes, and the paid checkout mails a receipt and lists the payment', async () => {
		const customer = await registerVerifiedCustomer('declined-then-paid');
		await signInThroughPortal(page, controlPlane().url, customer);
		await open('/subscription');
		await page.getByTestId('choose-plan-pro').click();
		await page.waitForURL(/\/subscription\/checkout/);
		await page.getByTestId('sandbox-checkout-form').waitFor();
		await page.getByTestId('card-number').fill('4000 0000 0000 0002');
		await page.getByTestId('card-expiry').fill('12/34');
		await page.getByTestId('card-cvc').fill('123');
		await page.getByTestId('card-holder').fill('Test Holder');
		await page.getByTestId('pay-button').click();
		const refusal = page.getByTestId('payment-error');
		await refusal.waitFor();
		expect(await refusal.getAttribute('data-code')).toBe('CARD_DECLINED');

		// Correcting the card takes the refusal away at once; paying succeeds.
		await page.getByTestId('card-number').fill('4242 4242 4242 4242');
		await refusal.waitFor({ state: 'detached' });
		await page.getByTestId('pay-button').click();
		await page.getByTestId('checkout-return-success').waitFor();
		expect(await page.getByTestId('payment-error').count()).toBe(0);
		expect(await errorToasts().count()).toBe(0);

		// The receipt, and the payment on /payments.
		const receipt = await waitForEmail(customer.email, /^Receipt for your payment of /);
		expect(receipt.subject).toBe('Receipt for your payment of $39.00');
		await open('/payments');
		const rows = page.getByTestId('payment-row');
		await rows.first().waitFor();
		expect(await rows.count()).toBe(1);
		expect(await rows.first().getByTestId('payment-amount').textContent()).toBe('$39.00');
		expect(await rows.first().textContent()).toContain('Pro (monthly)');
		expect(receipt.text).toContain(`Receipt number: ${await rows.first().getAttribute('data-payment-id')}`);
	});

	it('creation: a subdomain another project has, then a free one, leaves only the setup screen', async () => {
		const [customer, other] = await Promise.all([registerVerifiedCustomer('refused-then-created'), registerVerifiedCustomer('subdomain-holder')]);
		await Promise.all([subscribeInSandbox(customer), subscribeInSandbox(other)]);
		const taken = `taken-${randomBytes(3).toString('hex')}`;
		expect((await api('POST', '/projects', { token: other.token, body: { name: 'Holder', subdomain: taken } })).status).toBe(201);

		await signInThroughPortal(page, controlPlane().url, customer);
		await open('/projects/new');
		await page.getByTestId('new-project-form').waitFor();
		await page.getByTestId('project-name-input').fill('Second Try');
		await page.getByTestId('project-subdomain-input').fill(taken);
		await page.getByTestId('new-project-submit').click();
		await toast('Failed to create project').waitFor();
		expect(await errorToasts().count()).toBe(1);

		await page.getByTestId('project-subdomain-input').fill(`free-${randomBytes(3).toString('hex')}`);
		await page.getByTestId('new-project-submit').click();
		await page.getByTestId('project-setup').waitFor();
		expect(await errorToasts().count()).toBe(0);
	});
});
