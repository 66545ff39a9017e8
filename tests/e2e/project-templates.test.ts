/**
 * Templates at creation in Chromium (docs/product.md, Templates), against a real runtime: the
 * create form offers Blank and the starters as one radio group, each card showing what it puts on
 * the site; the customer picks the Blog by keyboard, creates the project, and its site serves the
 * Blog's collections and sample posts to the project's admin; the project dialog names the template.
 */
import { randomBytes } from 'node:crypto';
import type { ProjectCredentials } from '@epic/platform-api';
import { SITE_TEMPLATES } from '@epic/site-templates';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { launchChromium } from '../support/browser.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { startJourneyStack, type JourneyStack } from '../support/journey-stack.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { siteRequest } from '../support/site-admin.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';

let stack: JourneyStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
	stack = await startJourneyStack('templates');
	browser = await launchChromium();
	context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
	page = await context.newPage();
}, 240_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await stack?.stop();
});

describe('templates in the create form', () => {
	it('offers each starter with its contents, and the Blog picked by keyboard is what the site serves', async () => {
		const customer = await registerVerifiedCustomer('templates-e2e');
		await subscribeInSandbox(customer);
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		await page.goto(`${stack.controlPlane.url}/projects/new`);
		const picker = page.getByTestId('project-template-picker');
		await picker.waitFor();

		// One radio group, Blank checked first, a radio per starter named by its title.
		const radios = picker.getByRole('radio');
		expect(await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['blank', 'blog', 'company', 'catalogue']);
		expect(await picker.getByRole('radio', { name: 'Blank' }).isChecked()).toBe(true);
		// Each card's preview lists the template's own collections with their sample items, and its roles.
		for (const template of Object.values(SITE_TEMPLATES)) {
			const preview = page.getByTestId(`project-template-${template.id}-preview`);
			const badges = await preview.locator('[data-collection]').allTextContents();
			expect(badges).toEqual(
				template.snapshot.collections.map(({ collection }) => {
					const count = template.content.find((content) => content.collection === collection)?.items.length ?? 0;
					return `${collection} · ${count} ${count === 1 ? 'item' : 'items'}`;
				}),
			);
			expect(await preview.getByText(/^Roles: /).textContent()).toBe(`Roles: ${template.roles.map((role) => role.name).join(', ')}`);
		}
		expect(await page.getByTestId('project-template-blank-preview').textContent()).toBe('Nothing: an empty Directus to model your own content.');

		// The keyboard: focus the checked radio, one arrow to the next starter.
		await picker.getByRole('radio', { name: 'Blank' }).focus();
		await page.keyboard.press('ArrowRight');
		expect(await picker.getByRole('radio', { name: 'Blog' }).isChecked()).toBe(true);

		const subdomain = `tpl-e2e-${randomBytes(3).toString('hex')}`;
		await page.getByTestId('project-name-input').fill('Template Blog');
		await page.getByTestId('project-subdomain-input').fill(subdomain);
		await page.getByTestId('new-project-submit').click();
		await page.locator('[data-testid="project-setup"][data-status="published"]').waitFor({ timeout: 120_000 });
		const projectId = new URL(page.url()).searchParams.get('project')!;

		// The site, as the project's admin reads it: the Blog's collections and its sample posts.
		const credentials = await api<{ data: ProjectCredentials }>('GET', `/projects/${projectId}/credentials`, { token: customer.token });
		expect(credentials.status).toBe(200);
		const host = `${subdomain}.localhost`;
		const routerUrl = stack.runtime.routerUrl;
		const site = { routerUrl, host, token: await loginThroughRouter(routerUrl, host, credentials.body.data.admin_email, credentials.body.data.admin_password) };
		const posts = await siteRequest<{ data: { title: string }[] }>(site, 'GET', '/items/posts?fields=title&sort=id', 200);
		expect(posts.data.map(({ title }) => title)).toEqual(SITE_TEMPLATES.blog.content.find(({ collection }) => collection === 'posts')!.items.map((item) => item['title']));

		// The dashboard's details dialog names the template.
		await page.waitForURL(/\/dashboard$/);
		await page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`).getByTestId('project-details').click();
		const template = page.getByTestId('project-details-dialog').getByTestId('details-template');
		await template.waitFor();
		expect(await template.textContent()).toBe('Blog');
	}, 240_000);
});
