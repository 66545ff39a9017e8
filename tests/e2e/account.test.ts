/**
 * The account screens in a real browser against a real control plane (docs/product.md, Pages and routes: /profile):
 * registration with the verification email from the mail catcher (and a new one asked for from the
 * sign-in form), the profile (name, language, avatar upload served to its owner only), the password
 * change, logging out and in, deleting the account; an email change confirmed from the new address;
 * a forgotten password reset by email; and one journey in Russian whose emails and error messages
 * must be Russian.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, controlPlane } from '../support/api.ts';
import { launchChromium } from '../support/browser.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { bodyText, linkIn, waitForEmails, type CaughtEmail } from '../support/mailbox.ts';
import { readUntil } from '../support/wait-for.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let files: string;
const pageErrors: string[] = [];

beforeAll(async () => {
	browser = await launchChromium();
	files = mkdtempSync(path.join(tmpdir(), 'account-e2e-'));
});
afterAll(async () => {
	await browser?.close();
	if (files) rmSync(files, { recursive: true, force: true });
});
beforeEach(async () => {
	context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
	page = await context.newPage();
	pageErrors.length = 0;
	page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterEach(async () => {
	await context?.close();
});

const open = (pathname: string) => page.goto(`${controlPlane().url}${pathname}`);
const newEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;
const newPassword = () => `pw-${randomBytes(8).toString('hex')}`;

/** The toast whose title is exactly `title` (toasts stay 4 s; every wait starts right after the action). */
const toast = (title: string): Locator => page.getByTestId('toast').filter({ has: page.locator('[data-part="title"]').getByText(title, { exact: true }) });

/**
 * Waits for the toast of an action that can succeed or fail, then expects the success: a failure
 * shows its toast's text (the server's reason) in the test's output instead of a timeout.
 */
async function expectSuccessToast(success: string, failure: string) {
	const outcome = toast(success).or(toast(failure));
	await outcome.first().waitFor();
	expect(await outcome.first().innerText()).toContain(success);
}

async function switchLanguage(nativeName: string, code: string) {
	await page.getByTestId('language-switcher').click();
	await page.getByRole('menuitemradio', { name: nativeName }).click();
	await page.waitForFunction((expected) => document.documentElement.lang === expected, code);
	// The menu closes with an animation; a click on the switcher before it has closed would close it
	// rather than open it, and the next choice would land on a closing menu (seen once under load).
	await page.getByRole('menu').waitFor({ state: 'hidden' });
}

/** Fills the /auth form by field name, so it works in every language. */
async function submitAuthForm(fields: { name?: string; email: string; password: string }) {
	const form = page.getByTestId('auth-form');
	await form.waitFor();
	if (fields.name !== undefined) await form.locator('input[name="name"]').fill(fields.name);
	await form.locator('input[name="email"]').fill(fields.email);
	await form.locator('input[name="password"]').fill(fields.password);
	await form.locator('button[type="submit"]').click();
}

async function signIn(email: string, password: string) {
	await open('/auth');
	await submitAuthForm({ email, password });
	await page.waitForURL(/\/dashboard$/);
}

async function openProfile() {
	await page.getByTestId('account-menu').click();
	await page.getByTestId('menu-profile').click();
	await page.waitForURL(/\/profile$/);
	await page.getByTestId('profile-header').waitFor();
}

/** The access token the portal stored, to read the account through the API as the portal does. */
async function storedAccessToken(): Promise<string> {
	const stored = await page.evaluate(() => localStorage.getItem('epic-auth'));
	const token = stored ? (JSON.parse(stored) as { access_token?: string }).access_token : undefined;
	if (!token) throw new Error(`no access token stored: ${stored}`);
	return token;
}

async function accountOf(token: string) {
	const me = await api<{ data: { first_name: string | null; last_name: string | null; language: string | null; avatar: string | null; email: string } }>('GET', '/account/me', {
		token,
	});
	expect(me.status, JSON.stringify(me.body)).toBe(200);
	return me.body.data;
}

/** Waits for the image to finish loading, then says whether it decoded to real pixels. */
async function loadedImageWidth(image: Locator): Promise<number> {
	await image.waitFor({ state: 'attached' });
	await image.evaluate((element) => ((element as HTMLImageElement).complete ? undefined : new Promise((resolve) => element.addEventListener('load', resolve, { once: true }))));
	return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

const CYRILLIC = /[А-Яа-яЁё]/;

/** Cyrillic words, and none of the English copy of the same email. */
function expectRussianEmail(email: CaughtEmail, englishSubject: RegExp) {
	expect(email.subject).toMatch(CYRILLIC);
	expect(email.subject).not.toMatch(englishSubject);
	const body = bodyText(email);
	expect(body).toMatch(CYRILLIC);
	// Every English sentence of our emails has one of these words; the product name is allowed.
	expect(body).not.toMatch(/\b(the|your|you|please|password|email|account|link)\b/i);
}

describe('account screens in Chromium', () => {
	it('registers, verifies, edits the profile and avatar, changes the password, logs out and in, and deletes the account', async () => {
		const email = newEmail('profile');
		const password = newPassword();

		// Register in the UI: the check-your-email screen names the address.
		await open('/auth?mode=register');
		await submitAuthForm({ name: 'Rosalind Example', email, password });
		await page.getByTestId('check-email').waitFor();
		expect(await page.getByTestId('check-email').textContent()).toContain(email);
		const [firstVerification] = await waitForEmails(email, 1);
		expect(firstVerification!.subject).toMatch(/verify/i);

		// Signing in before verifying says why, and sends the verification email again.
		await open('/auth');
		await submitAuthForm({ email, password });
		await page.getByTestId('unverified-notice').waitFor();
		expect(page.url()).toMatch(/\/auth$/);
		await page.getByTestId('resend-verification').click();
		await page.getByTestId('check-email').waitFor();
		const verifications = await waitForEmails(email, 2);
		expect(verifications).toHaveLength(2);

		await page.goto(linkIn(verifications[1]!, `${controlPlane().url}/verify-email`).href);
		await page.getByTestId('verify-email-success').waitFor();

		await signIn(email, password);
		let token = await storedAccessToken();
		expect((await accountOf(token)).language).toBe('en');

		// The profile: header card, badges, and the generated avatar while there is no picture.
		await openProfile();
		expect(await page.getByTestId('profile-name').textContent()).toBe('Rosalind Example');
		expect(await page.getByTestId('profile-email').textContent()).toBe(email);
		await page.getByTestId('badge-active').waitFor();
		await page.getByTestId('badge-verified').waitFor();
		const generated = page.locator('[data-testid="profile-header-avatar-image"][data-kind="generated"]');
		expect(await loadedImageWidth(generated)).toBeGreaterThan(0);
		expect(await generated.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
		expect(await page.getByTestId('nav-avatar-image').count()).toBe(0);
		expect((await page.getByTestId('nav-avatar').innerText()).trim()).toBe('R');

		// Names.
		const form = page.getByTestId('profile-form');
		await form.locator('input[name="first_name"]').fill('Marisol');
		await form.locator('input[name="last_name"]').fill('Quintero');
		await page.getByTestId('profile-submit').click();
		await expectSuccessToast('Profile updated', 'Update failed');
		expect(await page.getByTestId('profile-name').textContent()).toBe('Marisol Quintero');
		const renamed = await accountOf(token);
		expect([renamed.first_name, renamed.last_name]).toEqual(['Marisol', 'Quintero']);
		expect((await page.getByTestId('nav-avatar').innerText()).trim()).toBe('M');

		// Switching the language while signed in stores it with the account, without waiting for it.
		await switchLanguage('Español', 'es');
		const readMe = () => api<{ data?: { language?: string } }>('GET', '/account/me', { token });
		const answer = await readUntil(readMe, (me) => me.body.data?.language === 'es', 10_000, 200);
		expect(answer.status).toBe(200);
		expect(answer.body.data?.language).toBe('es');
		await switchLanguage('English', 'en');

		// The avatar: the browser refuses what is not an image before sending anything.
		const notAnImage = path.join(files, 'notes.txt');
		writeFileSync(notAnImage, 'not an image');
		await page.getByTestId('avatar-input').setInputFiles(notAnImage);
		const refused = toast('Invalid file type');
		await refused.waitFor();
		expect(await refused.textContent()).toContain('Please select an image file.');
		expect((await accountOf(token)).avatar).toBeNull();

		const picture = path.join(files, 'avatar.png');
		await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2f855a' } })
			.png()
			.toFile(picture);
		await page.getByTestId('avatar-input').setInputFiles(picture);
		await expectSuccessToast('Avatar updated', 'Avatar upload failed');
		const avatarId = (await accountOf(token)).avatar;
		expect(avatarId).toEqual(expect.any(String));
		const headerImage = page.locator('[data-testid="profile-header-avatar-image"][data-kind="uploaded"]');
		expect(await loadedImageWidth(headerImage)).toBeGreaterThan(0);
		expect(await headerImage.getAttribute('src')).toMatch(/^blob:/);
		const navImage = page.locator('[data-testid="nav-avatar-image"][data-kind="uploaded"]');
		expect(await loadedImageWidth(navImage)).toBeGreaterThan(0);
		// Served to its owner only: not through /assets, not without the token.
		expect((await api('GET', `/assets/${avatarId}`, { token })).status).toBe(403);
		expect((await api('GET', '/account/avatar?size=64')).status).toBe(401);

		// Removing it brings the generated one back.
		await page.getByTestId('avatar-remove').click();
		await expectSuccessToast('Avatar removed', 'Avatar removal failed');
		expect((await accountOf(token)).avatar).toBeNull();
		await page.locator('[data-testid="profile-header-avatar-image"][data-kind="generated"]').waitFor();
		expect(await page.getByTestId('nav-avatar-image').count()).toBe(0);

		// The password: a mismatch is refused in the browser, then the change goes through.
		const changedPassword = newPassword();
		await page.getByTestId('tab-security').click();
		await page.getByTestId('current-password').fill(password);
		await page.getByTestId('new-password').fill(changedPassword);
		await page.getByTestId('confirm-password').fill(`${changedPassword}x`);
		await page.getByTestId('password-submit').click();
		const mismatch = toast('Password mismatch');
		await mismatch.waitFor();
		expect(await mismatch.textContent()).toContain("New password and confirmation don't match.");

		await page.getByTestId('confirm-password').fill(changedPassword);
		await page.getByTestId('password-submit').click();
		await expectSuccessToast('Password changed', 'Password change failed');
		expect(await page.getByTestId('current-password').inputValue()).toBe('');
		expect(await page.getByTestId('new-password').inputValue()).toBe('');

		// Log out, then in with the new password; the old one no longer works.
		await page.getByTestId('account-menu').click();
		await page.getByTestId('menu-logout').click();
		await toast('Logged out successfully').waitFor();
		expect(new URL(page.url()).pathname).toBe('/');
		expect(await page.evaluate(() => localStorage.getItem('epic-auth'))).toBeNull();
		expect((await api('POST', '/auth/login', { body: { email, password } })).status).toBe(401);

		await signIn(email, changedPassword);
		token = await storedAccessToken();

		// Delete the account: the dialog asks for the password and says it cannot be undone.
		await openProfile();
		await page.getByTestId('tab-account').click();
		await page.getByTestId('delete-account').click();
		const dialog = page.getByTestId('delete-account-dialog');
		await dialog.waitFor();
		expect(await dialog.textContent()).toContain('This cannot be undone.');
		await page.getByTestId('delete-account-password').fill(changedPassword);
		await page.getByTestId('delete-account-confirm').click();
		await expectSuccessToast('Account deleted', 'Account deletion failed');
		expect(new URL(page.url()).pathname).toBe('/');
		expect(await page.evaluate(() => localStorage.getItem('epic-auth'))).toBeNull();
		expect((await api('GET', '/account/me', { token })).status).not.toBe(200);

		// Signing in again fails.
		await open('/auth');
		await submitAuthForm({ email, password: changedPassword });
		const failed = toast('Sign-in failed');
		await failed.waitFor();
		expect(await failed.textContent()).toContain('Invalid email or password');
		expect(page.url()).toMatch(/\/auth$/);
		expect(pageErrors).toEqual([]);
	}, 180_000);

	it('changes the email only once the link sent to the new address is opened', async () => {
		const customer = await registerVerifiedCustomer('move');
		const target = newEmail('moved');
		await signIn(customer.email, customer.password);
		await openProfile();

		await page.getByTestId('profile-form').locator('input[name="email"]').fill(target);
		await page.getByTestId('profile-submit').click();
		await page.getByTestId('email-change-dialog').waitFor();
		await page.getByTestId('email-change-password').fill(customer.password);
		await page.getByTestId('email-change-confirm').click();
		await page.getByTestId('email-change-pending').waitFor();
		expect(await page.getByTestId('email-change-pending').textContent()).toContain(target);
		// The old address stays until the link is opened.
		expect((await accountOf(customer.token)).email).toBe(customer.email);
		expect(await page.getByTestId('profile-email').textContent()).toBe(customer.email);

		const [confirmation] = await waitForEmails(target, 1);
		await page.goto(linkIn(confirmation!, `${controlPlane().url}/confirm-email`).href);
		await page.getByTestId('confirm-email-success').waitFor();
		expect((await accountOf(customer.token)).email).toBe(target);
		// Signed in here, so the session shows the new address at once.
		await page.getByRole('link', { name: 'Go to Profile' }).click();
		await page.getByTestId('profile-header').waitFor();
		expect(await page.getByTestId('profile-email').textContent()).toBe(target);

		// The link works once.
		await page.goto(linkIn(confirmation!, `${controlPlane().url}/confirm-email`).href);
		const failure = page.getByTestId('confirm-email-failure');
		await failure.waitFor();
		expect(await failure.textContent()).toContain('This email change link is invalid or has expired.');
		expect(pageErrors).toEqual([]);
	}, 120_000);

	it('resets a forgotten password with the link from the email', async () => {
		const customer = await registerVerifiedCustomer('forgot');
		await open('/forgot-password');
		await page.locator('input[name="email"]').fill(customer.email);
		await page.locator('button[type="submit"]').click();
		await page.getByTestId('check-email').waitFor();

		// The verification email came first; the reset email is the second one.
		const emails = await waitForEmails(customer.email, 2);
		const reset = emails[1]!;
		expect(reset.subject).toMatch(/reset/i);
		await page.goto(linkIn(reset, `${controlPlane().url}/reset-password`).href);

		const chosen = newPassword();
		await page.locator('input[name="new-password"]').fill(chosen);
		await page.locator('input[name="confirm-password"]').fill(chosen);
		await page.locator('button[type="submit"]').click();
		await toast('Password reset successfully! You can now log in with your new password.').waitFor();
		await page.waitForURL(/\/auth$/);

		expect((await api('POST', '/auth/login', { body: { email: customer.email, password: customer.password } })).status).toBe(401);
		await signIn(customer.email, chosen);
		expect(pageErrors).toEqual([]);
	}, 120_000);

	it('speaks Russian: the emails of a Russian registration and the error messages', async () => {
		const email = newEmail('russian');
		const password = newPassword();

		await open('/auth?mode=register');
		await switchLanguage('Русский', 'ru');
		await submitAuthForm({ name: 'Татьяна Петрова', email, password });
		await page.getByTestId('check-email').waitFor();

		const [verification] = await waitForEmails(email, 1);
		expectRussianEmail(verification!, /verify your email/i);
		await page.goto(linkIn(verification!, `${controlPlane().url}/verify-email`).href);
		await page.getByTestId('verify-email-success').waitFor();

		// The account keeps the language it registered in.
		const signedIn = await api<{ data: { access_token: string } }>('POST', '/auth/login', { body: { email, password } });
		expect(signedIn.status).toBe(200);
		expect((await accountOf(signedIn.body.data.access_token)).language).toBe('ru');

		// A wrong password: the whole message is Russian, the server's English nowhere.
		await open('/auth');
		await submitAuthForm({ email, password: `${password}-wrong` });
		const failed = toast('Не удалось войти');
		await failed.waitFor();
		const message = await failed.innerText();
		expect(message).toContain('Неверный адрес электронной почты или пароль');
		expect(message).not.toMatch(/[A-Za-z]/);

		// The reset email is Russian too.
		await open('/forgot-password');
		await page.locator('input[name="email"]').fill(email);
		await page.locator('button[type="submit"]').click();
		await page.getByTestId('check-email').waitFor();
		const emails = await waitForEmails(email, 2);
		expectRussianEmail(emails[1]!, /reset your/i);
		expect(linkIn(emails[1]!, `${controlPlane().url}/reset-password`).searchParams.get('token')).toBeTruthy();
		expect(pageErrors).toEqual([]);
	}, 120_000);
});
