/**
 * The portal in a real browser against a real control plane: it loads with real plans, `/help`
 * filters its FAQ and its contact form really sends, unknown paths show the 404 page, the language switcher changes the visible text
 * (es, ru), and a verified customer signs in and lands on the dashboard. Directus Studio's sign-in page,
 * served by the same control plane, does not offer registration (customers register in the portal).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlPlane } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { TEST_SUPPORT_EMAIL } from '../support/test-control-plane.ts';

let page: Page;
const consoleErrors: string[] = [];

chromiumPagePerTest((opened) => {
	page = opened;
	consoleErrors.length = 0;
	page.on('pageerror', (error) => consoleErrors.push(error.message));
});

const open = (path: string) => page.goto(`${controlPlane().url}${path}`);

async function switchLanguage(nativeName: string) {
	await page.getByTestId('language-switcher').click();
	await page.getByRole('menuitemradio', { name: nativeName }).click();
}

describe('portal', () => {
	it('loads the landing page with the plans from the API', async () => {
		await open('/');
		await page.getByTestId('nav').waitFor();
		await page.getByTestId('pricing-plan').first().waitFor();
		const cards = await page.getByTestId('pricing-plan').allTextContents();
		expect(cards).toHaveLength(4);
		expect(cards.join(' ')).toContain('Pro');
		await page.getByTestId('system-status').and(page.locator('[data-status="operational"]')).waitFor();
		await page.getByTestId('support-email').waitFor();
		expect(await page.getByTestId('support-email').getAttribute('href')).toBe(`mailto:${TEST_SUPPORT_EMAIL}`);
		expect(consoleErrors).toEqual([]);
	});

	it('renders /help on a deep link and filters its FAQ', async () => {
		await open('/help');
		await page.getByTestId('help-search').waitFor();
		expect(await page.getByTestId('help-faq-item').count()).toBe(6);
		await page.getByTestId('help-search').fill('zzzz-no-such-words');
		await page.getByTestId('help-no-results').waitFor();
		expect(await page.getByTestId('help-faq-item').count()).toBe(0);
	});

	it("sends the help centre's contact form only when complete, and says so once the server has the message", async () => {
		await open('/help');
		const form = page.getByTestId('contact-form');
		await form.waitFor();
		await page.getByTestId('contact-send').click();
		// Four empty required fields, four messages under them, and nothing sent.
		await expect.poll(() => form.getByText('This field is required', { exact: true }).count(), { timeout: 15_000 }).toBe(4);
		expect(await page.getByTestId('toast').count()).toBe(0);

		const subject = `Browser question ${Date.now().toString(36)}`;
		const sender = `browser-${Date.now().toString(36)}@example.com`;
		await page.getByTestId('contact-name').fill('Bea Browser');
		await page.getByTestId('contact-email').fill(sender);
		await page.getByTestId('contact-subject').fill(subject);
		await page.getByTestId('contact-message').fill('Can I move my project to another plan?');
		await page.getByTestId('contact-send').click();
		const sent = page.getByTestId('toast').filter({ has: page.locator('[data-part="title"]').getByText('Message sent', { exact: true }) });
		await sent.waitFor();
		const notice = await waitForEmail(TEST_SUPPORT_EMAIL, new RegExp(`^Contact form: ${subject}$`));
		expect(notice.text).toContain('Can I move my project to another plan?');
		// A visitor may have typed anyone's address: the receipt carries none of their text.
		const receipt = await waitForEmail(sender, /^We received your message$/);
		expect(receipt.text).not.toContain('Can I move my project');
		// The form is ready for the next message.
		expect(await page.getByTestId('contact-subject').inputValue()).toBe('');
	});

	it('shows the 404 page on an unknown path', async () => {
		const response = await open('/no/such/page');
		expect(response?.status()).toBe(200);
		await page.getByTestId('not-found').waitFor();
		expect(await page.getByTestId('not-found').textContent()).toContain('404');
	});

	it('switches the visible text to Spanish and to Russian, and remembers the choice', async () => {
		await open('/help');
		await page.getByTestId('help-search').waitFor();
		const english = await page.locator('main').innerText();
		expect(await page.getAttribute('html', 'lang')).toBe('en');

		await switchLanguage('Español');
		await page.waitForFunction(() => document.documentElement.lang === 'es');
		const spanish = await page.locator('main').innerText();
		expect(spanish).not.toEqual(english);

		await switchLanguage('Русский');
		await page.waitForFunction(() => document.documentElement.lang === 'ru');
		const russian = await page.locator('main').innerText();
		expect(russian).toMatch(/[А-Яа-яЁё]/);
		expect(await page.getAttribute('html', 'dir')).toBe('ltr');

		await page.reload();
		await page.waitForFunction(() => document.documentElement.lang === 'ru');
		expect(await page.evaluate(() => localStorage.getItem('preferred-language'))).toBe('ru');
	});

	it('signs a verified customer in and shows the dashboard with their name', async () => {
		// A first name that appears nowhere else on the page (not in the email shown under it).
		const customer = await registerVerifiedCustomer('browser', { firstName: 'Marisol' });
		await open('/auth');
		const form = page.getByTestId('auth-form');
		await form.waitFor();
		await form.getByLabel(/email/i).fill(customer.email);
		await form
			.getByLabel(/password/i)
			.first()
			.fill(customer.password);
		await form.locator('button[type="submit"]').click();
		await page.waitForURL(/\/dashboard$/);
		await page.getByRole('heading', { level: 1, name: 'Welcome, Marisol!', exact: true }).waitFor();
		expect(await page.getByText(customer.email, { exact: false }).count()).toBe(1);
		const stored = await page.evaluate(() => localStorage.getItem('epic-auth'));
		expect(stored).toContain('access_token');
	});

	it('sends visitors from protected pages to sign-in', async () => {
		await open('/dashboard');
		await page.waitForURL(/\/auth/);
		await page.getByTestId('auth-form').waitFor();
	});

	it("does not invite customers to register on the Studio's sign-in page", async () => {
		await open('/admin/login');
		// Studio renders its first route only once it has read /server/info, the answer the link
		// depends on, so the sign-in form and the link (if any) appear in the same render.
		await page.locator('input[type="email"]').waitFor({ timeout: 30_000 });
		expect(await page.locator('a[href$="/register"]').count()).toBe(0);
		expect(await page.getByText('Sign up now').count()).toBe(0);
	});
});
