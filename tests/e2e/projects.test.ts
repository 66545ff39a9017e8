/**
 * Projects in a real browser, as far as they work without provisioning: a customer without a
 * subscription sees the empty dashboard with Create Project disabled and the guard screen on
 * /projects/new; after subscribing through the sandbox checkout they create a project through the
 * form (the client's validation messages first), follow the setup screen's steps as the server
 * reports them, find the card on /dashboard, read in the details dialog that this installation
 * (no PUBLIC_IP) takes no custom domain, and delete the project after a confirmation.
 */
import { randomBytes } from 'node:crypto';
import type { Project } from '@epic/platform-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, controlPlane, type Data } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { signInThroughPortal, subscribeThroughCheckout } from '../support/portal-pages.ts';

let page: Page;

chromiumPagePerTest((opened) => (page = opened));

const open = (path: string) => page.goto(`${controlPlane().url}${path}`);

describe('projects in Chromium', () => {
	it('shows the empty dashboard and the subscription guard to a customer without a subscription', async () => {
		const customer = await registerVerifiedCustomer('projects-none');
		await signInThroughPortal(page, controlPlane().url, customer);

		await page.getByTestId('projects-empty').waitFor();
		await page.getByTestId('welcome-badge').waitFor();
		expect(await page.getByTestId('create-project').isDisabled()).toBe(true);
		const blocked = page.getByTestId('create-project-blocked');
		expect(await blocked.getAttribute('data-reason')).toBe('noSubscription');
		expect(await page.getByTestId('upgrade-link').getAttribute('href')).toBe('/subscription');
		expect(await page.getByTestId('plan-card').textContent()).toContain('You have no subscription yet.');

		await open('/projects/new');
		const guard = page.getByTestId('subscription-guard');
		await guard.waitFor();
		expect(await guard.getAttribute('data-reason')).toBe('noSubscription');
		expect(await page.getByTestId('guard-plan').textContent()).toBe('None');
		expect(await page.getByTestId('guard-upgrade').getAttribute('href')).toBe('/subscription');
		await page.getByTestId('guard-back').click();
		await page.waitForURL(/\/dashboard$/);
	});

	it('creates a project through the form, shows its setup steps and card, assigns a domain and deletes it', async () => {
		const customer = await registerVerifiedCustomer('projects-flow');
		await signInThroughPortal(page, controlPlane().url, customer);
		await subscribeThroughCheckout(page, controlPlane().url, 'pro');

		await open('/dashboard');
		await page.getByTestId('projects-empty').waitFor();
		expect(await page.getByTestId('plan-usage').textContent()).toBe('0 of 3 projects used');

		// The user menu's quick action leads to the form.
		await page.getByTestId('account-menu').click();
		await page.getByTestId('menu-create-project').click();
		await page.waitForURL(/\/projects\/new$/);
		const form = page.getByTestId('new-project-form');
		await form.waitFor();

		// Bad input first: the client's messages, and nothing is sent.
		await page.getByTestId('new-project-submit').click();
		expect(await page.getByTestId('project-name-error').textContent()).toBe('Project name is required');
		expect(await page.getByTestId('project-subdomain-error').textContent()).toBe('Subdomain is required');
		await page.getByTestId('project-subdomain-input').fill('bad_name!');
		expect(await page.getByTestId('project-subdomain-error').textContent()).toBe('Please enter a valid subdomain (letters, numbers, and hyphens only)');
		expect((await api<Data<Project[]>>('GET', '/projects', { token: customer.token })).body.data).toEqual([]);

		const subdomain = `e2e-${randomBytes(4).toString('hex')}`;
		await page.getByTestId('project-name-input').fill('Browser Blog');
		await page.getByTestId('project-description-input').fill('Made by the browser test');
		await page.getByTestId('project-subdomain-input').fill(subdomain.toUpperCase());
		// The preview is the address the site will have, its port included.
		const siteHost = `${subdomain}.sites.epic-test.example:${new URL(controlPlane().url).port}`;
		expect(await page.getByTestId('subdomain-preview').textContent()).toBe(siteHost);
		await page.getByTestId('new-project-submit').click();

		// The setup screen: the project's real steps from GET /projects/:id. Sites are served over
		// plain HTTP here: no certificate step, and the screen says why.
		await page.getByTestId('project-setup').waitFor();
		expect(page.url()).toMatch(/\/projects\/new\?project=[0-9a-f-]{36}$/);
		await expect.poll(() => page.getByTestId('setup-step').count(), { timeout: 15_000 }).toBe(3);
		expect(await page.getByTestId('setup-step').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-step')))).toEqual(['infrastructure', 'database', 'domain']);
		await page.getByTestId('setup-no-tls').waitFor();
		const [created] = (await api<Data<Project[]>>('GET', '/projects', { token: customer.token })).body.data;
		expect(created).toMatchObject({ name: 'Browser Blog', subdomain, description: 'Made by the browser test' });
		const serverStates = new Map<string, string>(created!.steps.map((step) => [step.name, step.state]));
		const shownStates = await page.getByTestId('setup-step').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-state')));
		expect(shownStates).toEqual(['infrastructure', 'database', 'domain'].map((name) => serverStates.get(name) ?? 'pending'));

		// The card on the dashboard.
		await open('/dashboard');
		const card = page.getByTestId('project-card');
		await card.waitFor();
		expect(await card.getByTestId('project-name').textContent()).toBe('Browser Blog');
		expect(await card.textContent()).toContain(`ID ${created!.id.slice(0, 8)}`);
		expect(await card.getByTestId('project-address').textContent()).toBe(siteHost);
		expect(await page.getByTestId('plan-usage').textContent()).toBe('1 of 3 projects used');

		// The details dialog: this installation has no public IP, so no custom domain can point to it.
		// It says so once, plainly, and offers no form that could lead nowhere.
		await card.getByTestId('project-details').click();
		const dialog = page.getByTestId('project-details-dialog');
		await dialog.waitFor();
		expect(await dialog.getByTestId('details-description').textContent()).toBe('Made by the browser test');
		expect(await dialog.getByTestId('dns-ip-missing').textContent()).toBe(
			'Custom domains are not available on this installation: it has no public IP address for a domain to point to. Your site is reached at its subdomain.',
		);
		expect(await dialog.getByTestId('domain-input').count()).toBe(0);
		expect(await dialog.getByTestId('dns-instructions').count()).toBe(0);
		await page.keyboard.press('Escape');
		await dialog.waitFor({ state: 'hidden' });

		// Delete, after a confirmation naming the project.
		await card.getByTestId('project-delete').click();
		const confirm = page.getByTestId('delete-project-dialog');
		await confirm.waitFor();
		expect(await confirm.textContent()).toContain('Browser Blog');
		expect(await confirm.textContent()).toContain('This cannot be undone.');
		await page.getByTestId('delete-project-confirm').click();
		await page.getByText('Project deleted successfully').waitFor();
		await page.getByTestId('projects-empty').waitFor();
		expect((await api('GET', `/projects/${created!.id}`, { token: customer.token })).status).toBe(404);
	});
});
