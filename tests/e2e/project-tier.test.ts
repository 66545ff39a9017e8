/**
 * A project's Directus tier in its details dialog, in Chromium, against a real runtime
 * (docs/product.md, Directus tier): a new site shows the core licence with its first administrator
 * in one of three Studio seats, no collection of 25 and no active flow of 5, and what happens past a
 * limit; reopened at once, the dialog reads the site again, and a collection and an active flow
 * made in the site show on reopening it. axe-core finds nothing serious with the dialog open, and
 * on a phone-wide screen in Spanish nothing in the section runs off the side. The control plane
 * sits behind the runtime's router (tests/support/journey-stack.ts).
 */
import type { ProjectCredentials, ProjectTier } from '@epic/platform-api';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Data } from '../support/api.ts';
import { seriousViolationsInOpenDialog } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import { portalText } from '../support/portal-text.ts';
import { rightmostEdge, signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { createNotesCollection, siteRequest, type SiteTarget } from '../support/site-admin.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';

let stack: WorkerJourneyStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let customer: TestCustomer;
let project: { id: string; subdomain: string };

type Available = Extract<ProjectTier, { available: true }>;

/** What the section shows, as a reader sees it. */
async function shown(section: Locator) {
	const text = async (testId: string) => (await section.getByTestId(testId).textContent())?.trim();
	return { name: await text('tier-name'), seats: await text('tier-seats'), collections: await text('tier-collections'), flows: await text('tier-flows') };
}

/**
 * Opens the project's details and resolves with its tier section and the figures the portal was
 * answered, once the section shows those figures (on reopening, the previous ones show until the answer comes).
 */
async function openTier(): Promise<{ section: Locator; tier: Available }> {
	const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/projects/${project.id}/tier`);
	await page.locator(`[data-testid="project-card"][data-project-id="${project.id}"]`).getByTestId('project-details').click();
	const response = await answered;
	expect(response.status()).toBe(200);
	const tier = ((await response.json()) as { data: ProjectTier }).data;
	if (!tier.available) throw new Error(`tier unavailable: ${tier.reason}`);
	const section = page.getByTestId('project-details-dialog').getByTestId('project-tier');
	await section.getByTestId('tier-name').waitFor();
	// The figures the answer gave, in any language ("1 of 25", "1 de 25").
	for (const key of ['seats', 'collections', 'flows'] as const) {
		await section
			.getByTestId(`tier-${key}`)
			.filter({ hasText: new RegExp(`^${tier[key].used} \\S+ ${tier[key].limit}$`) })
			.waitFor();
	}
	return { section, tier };
}

/** Closes the details dialog with Escape, as a keyboard user would. */
async function closeDetails(): Promise<void> {
	await page.keyboard.press('Escape');
	await page.getByTestId('project-details-dialog').waitFor({ state: 'detached' });
}

beforeAll(async () => {
	stack = workerJourneyStack();
	customer = await registerVerifiedCustomer('tier-browser');
	await subscribeInSandbox(customer);
	project = await publishedProject(customer, 'tier');
	browser = await launchChromium();
}, 300_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await stack?.stopSites();
});

describe("a project's Directus tier in Chromium", () => {
	it('shows the core tier as the site reports it and what happens past a limit, and counts what the owner makes in the site', async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
		page = await context.newPage();
		await signInThroughPortal(page, stack.controlPlane.url, customer);

		const first = await openTier();
		expect(first.tier).toEqual({
			available: true,
			name: 'Core',
			status: 'active',
			seats: { used: 1, limit: 3 },
			collections: { used: 0, limit: 25 },
			flows: { used: 0, limit: 5 },
			custom_permission_rules: false,
		});
		expect(await shown(first.section)).toEqual({ name: 'Licence: Core', seats: '1 of 3', collections: '0 of 25', flows: '0 of 5' });
		expect(await first.section.getByText('Studio seats', { exact: true }).count()).toBe(1);
		expect(await first.section.getByTestId('tier-limits').textContent()).toBe(
			'Directus refuses a Studio seat, a collection or an active flow past these limits. A site found past them (after a licence ends, say) is locked, at once or after a grace period: items, files, GraphQL, websockets and sign-in of non-admin users stop until it is back within them.',
		);
		expect(await first.section.getByTestId('tier-unavailable').count()).toBe(0);
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
		await closeDetails();
		// Reopened at once, the section asks the site again rather than showing what it read a moment ago.
		expect((await openTier()).tier).toEqual(first.tier);
		await closeDetails();

		// The owner makes a collection and an active flow in the site's Studio (as its admin, through the router).
		const { admin_email, admin_password } = (await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: customer.token })).body.data;
		const host = `${project.subdomain}.localhost`;
		const site: SiteTarget = { routerUrl: stack.runtime.routerUrl, host, token: await loginThroughRouter(stack.runtime.routerUrl, host, admin_email, admin_password) };
		await createNotesCollection(site);
		await siteRequest(site, 'POST', '/flows', 200, { name: 'Hook', status: 'active', trigger: 'webhook', accountability: 'all', options: { method: 'POST' } });

		const again = await openTier();
		expect(again.tier).toMatchObject({ seats: { used: 1, limit: 3 }, collections: { used: 1, limit: 25 }, flows: { used: 1, limit: 5 } });
		expect(await shown(again.section)).toEqual({ name: 'Licence: Core', seats: '1 of 3', collections: '1 of 25', flows: '1 of 5' });
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
		await context.close();
	});

	it('fits a phone-wide screen in Spanish', async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
		page = await context.newPage();
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		// The reader's choice of Spanish, as the language switcher keeps it.
		await page.evaluate(() => localStorage.setItem('preferred-language', 'es'));
		await page.reload();
		// The page's own <html lang> says English until the portal's script has loaded the Spanish texts.
		await page.waitForFunction(() => document.documentElement.lang === 'es');

		const { section } = await openTier();
		expect(await section.getByText(portalText('es', 'projects.tier.seats'), { exact: true }).count()).toBe(1);
		expect(await shown(section)).toEqual({ name: 'Licencia: Core', seats: '1 de 3', collections: '1 de 25', flows: '1 de 5' });
		await section.scrollIntoViewIfNeeded();
		// Nothing in the section is wider than the screen.
		expect(await section.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
		expect(await rightmostEdge(section)).toBeLessThanOrEqual(375);
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
	});
});
