/**
 * The onboarding wizard in Chromium (docs/product.md, Onboarding): a customer without a
 * subscription goes details → plan (by keyboard) → the sandbox's card form → back at step 4 with
 * the project created from the details; a subscriber sees two steps and goes from the details
 * straight to the setup and back; a plan picked on the landing page's pricing survives
 * registration, the verification email and sign-in into the wizard; the details survive a
 * full-page return from the checkout (as Stripe's redirect is), an unconfirmed payment creates
 * nothing, and a tab without the details says so instead of inventing them.
 *
 * The browser project's control plane runs without a runtime: a created project stays `draft` with
 * its four steps pending, which is what step 4 must show.
 */
import { randomBytes } from 'node:crypto';
import type { Project, Subscription } from '@epic/platform-api';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, controlPlane, type Data } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { linkIn, waitForEmail } from '../support/mailbox.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';
import { SANDBOX_CARD, subscribeInSandbox } from '../support/sandbox-subscription.ts';

let page: Page;

chromiumPagePerTest((opened) => (page = opened));

const open = (path: string) => page.goto(`${controlPlane().url}${path}`);
const newSubdomain = () => `onb-${randomBytes(4).toString('hex')}`;
/** The sites here are served over plain HTTP: there is no certificate step to show. */
const STEP_NAMES = ['infrastructure', 'database', 'domain'];

/** The toast whose title is exactly `title`. */
const toast = (title: string): Locator => page.getByTestId('toast').filter({ has: page.locator('[data-part="title"]').getByText(title, { exact: true }) });

const stepOf = () => page.getByTestId('wizard-step-of').textContent();
const percent = () => page.getByTestId('wizard-percent').textContent();
const listedSteps = () => page.getByTestId('wizard-step').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-step')));
const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** Waits until the wizard shows `step` and returns its heading's text. */
async function shownStep(step: number): Promise<string | null> {
	await page.locator(`[data-testid="onboarding-step"][data-step="${step}"]`).waitFor();
	return page.getByTestId('onboarding-step-heading').textContent();
}

async function fillDetails(details: { name: string; description?: string; subdomain: string }) {
	await page.getByTestId('onboarding-details-form').waitFor();
	await page.getByTestId('project-name-input').fill(details.name);
	if (details.description !== undefined) await page.getByTestId('project-description-input').fill(details.description);
	await page.getByTestId('project-subdomain-input').fill(details.subdomain);
}

async function payWithSandboxCard() {
	await page.getByTestId('sandbox-checkout-form').waitFor();
	await page.getByTestId('card-number').fill(SANDBOX_CARD.card_number);
	await page.getByTestId('card-expiry').fill(SANDBOX_CARD.expiry);
	await page.getByTestId('card-cvc').fill(SANDBOX_CARD.cvc);
	await page.getByTestId('card-holder').fill(SANDBOX_CARD.cardholder);
	await page.getByTestId('pay-button').click();
}

async function projectsOf(customer: TestCustomer): Promise<Project[]> {
	const answer = await api<Data<Project[]>>('GET', '/projects', { token: customer.token });
	expect(answer.status).toBe(200);
	return answer.body.data;
}

/** Step 4 shows the project's real state: the server's status and its steps' states, in order. */
async function expectSetupOf(project: Project) {
	const setup = page.getByTestId('project-setup');
	await setup.waitFor();
	expect(await setup.getAttribute('data-status')).toBe(project.status);
	await expect.poll(() => page.getByTestId('setup-step').count(), { timeout: 15_000 }).toBe(STEP_NAMES.length);
	const serverStates = new Map<string, string>(project.steps.map((step) => [step.name, step.state]));
	const shown = await page.getByTestId('setup-step').evaluateAll((steps) => steps.map((step) => [step.getAttribute('data-step'), step.getAttribute('data-state')]));
	expect(shown).toEqual(STEP_NAMES.map((name) => [name, serverStates.get(name) ?? 'pending']));
	expect(await page.getByTestId('setup-summary').textContent()).toContain(project.name);
}

describe('onboarding wizard in Chromium', () => {
	it('takes a customer without a subscription through details, plan (by keyboard) and the sandbox payment to the created project', async () => {
		const customer = await registerVerifiedCustomer('onb-pay', { firstName: 'Imogen' });
		await signInThroughPortal(page, controlPlane().url, customer);

		// A plan the platform does not sell is ignored, never trusted.
		await open('/onboarding?plan=platinum&period=monthly');
		expect(await shownStep(1)).toBe('Project Details');
		expect(await page.getByTestId('onboarding-welcome').textContent()).toBe('Welcome, Imogen!');
		expect(await page.getByTestId('onboarding-subtitle').textContent()).toContain('choose a plan, pay');
		expect(await stepOf()).toBe('Step 1 of 4');
		expect(await percent()).toBe('25% complete');
		expect(await listedSteps()).toEqual(['1', '2', '3', '4']);
		expect(await page.getByTestId('onboarding-chosen-plan').count()).toBe(0);

		// Bad input first: the form's messages, and the wizard stays.
		await page.getByTestId('onboarding-details-submit').click();
		expect(await page.getByTestId('project-name-error').textContent()).toBe('Project name is required');
		expect(await page.getByTestId('project-subdomain-error').textContent()).toBe('Subdomain is required');

		const subdomain = newSubdomain();
		await fillDetails({ name: 'Wizard Blog', description: 'Made in the wizard', subdomain: subdomain.toUpperCase() });
		await page.getByTestId('project-subdomain-input').press('Enter');

		// Step 2, the focus on its heading; Tab reaches the Pro card's button and Enter chooses it.
		expect(await shownStep(2)).toBe('Choose Plan');
		expect(await focusedTestId()).toBe('onboarding-step-heading');
		expect(await stepOf()).toBe('Step 2 of 4');
		expect(await percent()).toBe('50% complete');
		await page.getByTestId('choose-plan-pro').waitFor();
		expect(await page.getByTestId('choose-plan-free').isDisabled()).toBe(true);
		expect(await page.getByTestId('onboarding-continue').isDisabled()).toBe(true);
		for (let presses = 0; presses < 12 && (await focusedTestId()) !== 'choose-plan-pro'; presses++) await page.keyboard.press('Tab');
		expect(await focusedTestId()).toBe('choose-plan-pro');
		expect(await page.getByTestId('choose-plan-pro').getAttribute('data-card-id')).toBe('pro-monthly');
		await page.keyboard.press('Enter');

		// Step 3: the payment for Pro, monthly; the details are kept for the return.
		expect(await shownStep(3)).toBe('Payment');
		expect(await focusedTestId()).toBe('onboarding-step-heading');
		expect(await stepOf()).toBe('Step 3 of 4');
		expect(await percent()).toBe('75% complete');
		const paying = page.getByTestId('onboarding-payment-plan');
		expect(await paying.getAttribute('data-plan-id')).toBe('pro');
		expect(await paying.getAttribute('data-period')).toBe('monthly');
		expect(await page.evaluate((id) => localStorage.getItem(`epic-onboarding-details:${id}`), customer.id)).toBe(
			JSON.stringify({ name: 'Wizard Blog', description: 'Made in the wizard', subdomain: subdomain.toUpperCase(), template: 'blank' }),
		);
		expect(await projectsOf(customer)).toEqual([]);
		// The wizard reopened in another tab (or after a restart) has the details the customer typed.
		const reopened = await page.context().newPage();
		await reopened.goto(`${controlPlane().url}/onboarding`);
		await reopened.getByTestId('onboarding-details-form').waitFor();
		expect(await reopened.getByTestId('project-name-input').inputValue()).toBe('Wizard Blog');
		expect(await reopened.getByTestId('project-subdomain-input').inputValue()).toBe(subdomain.toUpperCase());
		await reopened.close();

		// Back to the plans keeps the choice; Continue returns to the payment.
		await page.getByTestId('onboarding-back').click();
		expect(await shownStep(2)).toBe('Choose Plan');
		await page.getByTestId('onboarding-continue').click();
		expect(await shownStep(3)).toBe('Payment');

		await payWithSandboxCard();

		// Back at step 4 from the return URL, which is cleaned to /onboarding; the project exists.
		await page.waitForURL(/\/onboarding$/);
		expect(await shownStep(4)).toBe('Project Setup');
		await page.getByTestId('project-setup').waitFor();
		expect(await stepOf()).toBe('Step 4 of 4');
		expect(await percent()).toBe('100% complete');
		expect(await listedSteps()).toEqual(['1', '2', '3', '4']);

		const subscription = await api<Data<Subscription>>('GET', '/stripe/subscription', { token: customer.token });
		expect(subscription.body.data).toMatchObject({ status: 'active', period: 'monthly', plan: { id: 'pro' } });
		const projects = await projectsOf(customer);
		expect(projects).toHaveLength(1);
		expect(projects[0]).toMatchObject({ name: 'Wizard Blog', subdomain, description: 'Made in the wizard', status: 'draft' });
		await expectSetupOf(projects[0]!);
		// No runtime here: the project stays in provisioning, the way to the dashboard stays open.
		expect(await page.getByTestId('setup-to-dashboard').getAttribute('href')).toBe('/dashboard');
		expect(await page.evaluate((id) => localStorage.getItem(`epic-onboarding-details:${id}`), customer.id)).toBeNull();
	});

	it('shows a subscriber two steps: 25 % at the details, the project created at once, back from setup to the details', async () => {
		const customer = await registerVerifiedCustomer('onb-sub');
		await subscribeInSandbox(customer, 'pro');
		await signInThroughPortal(page, controlPlane().url, customer);

		// The dashboard's empty state leads to the wizard.
		await page.getByTestId('projects-empty-onboarding').click();
		await page.waitForURL(/\/onboarding$/);
		expect(await shownStep(1)).toBe('Project Details');
		expect(await page.getByTestId('onboarding-subtitle').textContent()).toBe('You are on the Pro plan: tell us about your project and we create it right away.');
		expect(await listedSteps()).toEqual(['1', '4']);
		expect(await stepOf()).toBe('Step 1 of 4');
		expect(await percent()).toBe('25% complete');
		expect(await page.getByTestId('onboarding-details-submit').textContent()).toBe('Create project');

		const subdomain = newSubdomain();
		await fillDetails({ name: 'Subscriber Site', subdomain });
		await page.getByTestId('onboarding-details-submit').click();

		expect(await shownStep(4)).toBe('Project Setup');
		expect(await focusedTestId()).toBe('onboarding-step-heading');
		expect(await stepOf()).toBe('Step 4 of 4');
		expect(await percent()).toBe('100% complete');
		expect(await listedSteps()).toEqual(['1', '4']);
		const [created] = await projectsOf(customer);
		expect(created).toMatchObject({ name: 'Subscriber Site', subdomain, status: 'draft' });
		expect(created!.description ?? null).toBeNull();
		await expectSetupOf(created!);

		await page.getByTestId('onboarding-back').click();
		expect(await shownStep(1)).toBe('Project Details');
		expect(await percent()).toBe('25% complete');
		expect(await page.getByTestId('project-name-input').inputValue()).toBe('');

		// The same subdomain again: the failure toast, the field says why, nothing else is created.
		await fillDetails({ name: 'Second Site', subdomain });
		await page.getByTestId('onboarding-details-submit').click();
		await toast('Failed to create project: This subdomain is already taken. Please choose another.').waitFor();
		expect(await page.getByTestId('project-subdomain-error').textContent()).toBe('This subdomain is already taken. Please choose another.');
		expect(await shownStep(1)).toBe('Project Details');
		expect(await projectsOf(customer)).toHaveLength(1);
	});

	it('carries the plan picked on the pricing cards through registration, verification and sign-in into the wizard', async () => {
		const email = `onb-pricing-${randomBytes(4).toString('hex')}@example.com`;
		const password = `pw-${randomBytes(8).toString('hex')}`;

		await open('/');
		await page.getByTestId('pricing-get-started-pro').waitFor();
		await page.locator('#pricing').getByTestId('period-yearly').click();
		await page.getByTestId('pricing-get-started-pro').click();
		await page.waitForURL(/\/auth\?/);
		expect(new URL(page.url()).search).toBe('?mode=register&plan=pro&period=yearly');
		const note = page.getByTestId('plan-intent-note');
		await note.waitFor();
		expect(await note.getAttribute('data-plan-id')).toBe('pro');
		expect(await note.getAttribute('data-period')).toBe('yearly');

		const form = page.getByTestId('auth-form');
		await form.locator('input[name="name"]').fill('Priya Pricing');
		await form.locator('input[name="email"]').fill(email);
		await form.locator('input[name="password"]').fill(password);
		await form.locator('button[type="submit"]').click();
		await page.getByTestId('check-email').waitFor();

		// The verification link carries the plan beside Directus's token.
		const verification = await waitForEmail(email, /verify/i);
		const link = linkIn(verification, `${controlPlane().url}/verify-email`);
		expect(link.searchParams.get('plan')).toBe('pro');
		expect(link.searchParams.get('period')).toBe('yearly');
		expect(link.searchParams.get('token')).toBeTruthy();

		await page.goto(link.href);
		const verified = page.getByTestId('verify-email-success');
		await verified.waitFor();
		await verified.getByRole('link', { name: 'Go to Login' }).click();
		await page.waitForURL(/\/auth\?/);
		expect(new URL(page.url()).search).toBe('?plan=pro&period=yearly');
		await expect.poll(() => note.textContent(), { timeout: 15_000 }).toContain('After you sign in, you set up your first project and pay for this plan.');

		await form.locator('input[name="email"]').fill(email);
		await form.locator('input[name="password"]').fill(password);
		await form.locator('button[type="submit"]').click();
		await page.waitForURL(/\/onboarding\?/);
		expect(new URL(page.url()).search).toBe('?plan=pro&period=yearly');

		expect(await shownStep(1)).toBe('Project Details');
		const chosen = page.getByTestId('onboarding-chosen-plan');
		await chosen.waitFor();
		expect(await chosen.getAttribute('data-plan-id')).toBe('pro');
		expect(await chosen.getAttribute('data-period')).toBe('yearly');
		expect(await chosen.textContent()).toContain('Plan chosen: Pro (Yearly)');

		// After the details, straight to paying for that plan and period.
		await fillDetails({ name: 'Pricing Pick', subdomain: newSubdomain() });
		await page.getByTestId('onboarding-details-submit').click();
		expect(await shownStep(3)).toBe('Payment');
		expect(await stepOf()).toBe('Step 3 of 4');
		const paying = page.getByTestId('onboarding-payment-plan');
		expect(await paying.getAttribute('data-plan-id')).toBe('pro');
		expect(await paying.getAttribute('data-period')).toBe('yearly');
		await page.getByTestId('sandbox-checkout-form').waitFor();
		await expect.poll(() => page.getByTestId('order-period').textContent(), { timeout: 15_000 }).toBe('Yearly');
		expect(await page.getByTestId('order-plan').textContent()).toContain('Pro');
	});

	it('keeps the details across a full-page return, creates nothing until the payment shows, and never invents missing details', async () => {
		const customer = await registerVerifiedCustomer('onb-return');
		await signInThroughPortal(page, controlPlane().url, customer);
		await open('/onboarding');
		const subdomain = newSubdomain();
		await fillDetails({ name: 'Returned Shop', description: 'Kept across the redirect', subdomain });
		await page.getByTestId('onboarding-details-submit').click();
		expect(await shownStep(2)).toBe('Choose Plan');
		await page.getByTestId('choose-plan-starter').click();
		expect(await shownStep(3)).toBe('Payment');
		await page.getByTestId('sandbox-checkout-form').waitFor();

		// The return URL loaded as a new page, as a redirect does, before any payment went through.
		await open('/onboarding?step=4&success=true&session_id=cs_not_paid');
		await page.waitForURL(/\/onboarding$/);
		expect(await shownStep(4)).toBe('Project Setup');
		await page.getByTestId('onboarding-unconfirmed').waitFor();
		expect(await projectsOf(customer)).toEqual([]);

		// Paid now (the same calls as the card form): Check again creates the project from the kept details.
		await subscribeInSandbox(customer, 'starter');
		await page.getByTestId('onboarding-check-again').click();
		await page.getByTestId('project-setup').waitFor();
		const projects = await projectsOf(customer);
		expect(projects).toHaveLength(1);
		expect(projects[0]).toMatchObject({ name: 'Returned Shop', subdomain, description: 'Kept across the redirect' });
		await expectSetupOf(projects[0]!);

		// Once the project exists the details are gone: a return in another tab says so, goes back
		// to step 1 and creates nothing.
		const otherTab = await page.context().newPage();
		await otherTab.goto(`${controlPlane().url}/onboarding?step=4&success=true&session_id=cs_other`);
		await otherTab.waitForURL(/\/onboarding$/);
		const missing = otherTab.getByTestId('onboarding-details-missing');
		await missing.waitFor();
		expect(await missing.textContent()).toContain('Your project details were not found');
		await otherTab.locator('[data-testid="onboarding-step"][data-step="1"]').waitFor();
		expect(await otherTab.getByTestId('project-name-input').inputValue()).toBe('');
		expect(await projectsOf(customer)).toHaveLength(1);
	});
});
