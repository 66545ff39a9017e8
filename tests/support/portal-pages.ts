/**
 * Steps through the portal in a browser that several journeys share: signing in, and subscribing
 * through the sandbox's checkout form. `baseUrl` is where the portal is served.
 */
import type { Locator, Page } from 'playwright-core';

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
