/**
 * Steps through the portal in a browser that several journeys share: signing in, and subscribing
 * through the sandbox's checkout form. `baseUrl` is where the portal is served.
 */
import type { Locator, Page } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '../../portal/src/lib/auth-storage.ts';
import { controlPlane, sessionTokens } from './api.ts';

export async function signInThroughPortal(page: Page, baseUrl: string, credentials: { email: string; password: string }): Promise<void> {
	await page.goto(`${baseUrl}/auth`);
	const form = page.getByTestId('auth-form');
	await form.getByLabel(/email/i).fill(credentials.email);
	await form
		.getByLabel(/password/i)
		.first()
		.fill(credentials.password);
	await form.locator('button[type="submit"]').click();
	await page.waitForURL(/\/dashboard$/);
}

/**
 * A session of the customer's own in the page's context, as signing in leaves it: the tokens of a
 * sign-in through the API in the portal's storage before the page's first script runs. For a test
 * whose subject is a signed-in page and not signing in, which the other journeys go through: it
 * saves the sign-in page and the dashboard's load on every page it opens. The session and the page
 * are the control plane's the `api` helpers talk to.
 */
export async function openWithSession(page: Page, credentials: { email: string; password: string }, path: string): Promise<void> {
	const tokens = await sessionTokens(credentials.email, credentials.password);
	const stored = JSON.stringify({ ...tokens, expires_at: Date.now() + tokens.expires });
	// Only into an empty storage: a later navigation keeps whatever the portal made of the session.
	await page.context().addInitScript(
		({ key, value }) => {
			if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
		},
		{ key: AUTH_STORAGE_KEY, value: stored },
	);
	await page.goto(`${controlPlane().url}${path}`);
}

export async function subscribeThroughCheckout(page: Page, baseUrl: string, planId: string): Promise<void> {
	await page.goto(`${baseUrl}/subscription`);
	await page.getByTestId(`choose-plan-${planId}`).click();
	await page.waitForURL(/\/subscription\/checkout/);
	await page.getByTestId('sandbox-checkout-form').waitFor();
	await page.getByTestId('card-number').fill('4242 4242 4242 4242');
	await page.getByTestId('card-expiry').fill('12/34');
	await page.getByTestId('card-cvc').fill('123');
	await page.getByTestId('card-holder').fill('Test Holder');
	await page.getByTestId('pay-button').click();
	await page.getByTestId('checkout-return-success').waitFor();
}

/** The right edge of the section or of whatever in it reaches furthest, in CSS pixels from the viewport's left. */
export function rightmostEdge(section: Locator): Promise<number> {
	return section.evaluate((element) => Math.max(...[element, ...Array.from(element.querySelectorAll('*'))].map((node) => node.getBoundingClientRect().right)));
}
