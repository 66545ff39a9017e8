/**
 * Duplicate in Chromium, against a real runtime (docs/product.md, Copies): the owner writes an item
 * in a published project's site, clicks Duplicate on its card, fills the dialog and confirms it
 * with the keyboard alone, and follows the copy's setup screen to completion: the database step
 * shows the backup being restored and ends naming it. The copy's site, signed in to with the copy's
 * own credentials from the control plane, holds the item. axe-core finds nothing serious with the
 * dialog open, and on a phone-wide screen, with a 63-character subdomain and a chosen backup's
 * list shown, nothing in the dialog runs off the side; closing it there sends nothing. The control
 * plane sits behind the runtime's router (tests/support/journey-stack.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Project, ProjectBackup, ProjectCredentials } from '@epic/platform-api';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { seriousViolationsInOpenDialog } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import { rightmostEdge, signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { recordShownSteps, shownSteps } from '../support/setup-steps-recorder.ts';
import { uniqueWord } from '../support/site-content.ts';
import { createNotesCollection, siteRequest, type SiteTarget } from '../support/site-admin.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';

/** The sites here are served over plain HTTP: there is no certificate step to show. */
const STEP_NAMES = ['infrastructure', 'database', 'domain'];

let stack: WorkerJourneyStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let customer: TestCustomer;
let source: { id: string; subdomain: string };
/** The item the owner wrote in the source's site before duplicating it. */
let noteTitle: string;

async function credentialsOf(projectId: string): Promise<ProjectCredentials> {
	const answer = await api<{ data: ProjectCredentials }>('GET', `/projects/${projectId}/credentials`, { token: customer.token });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body.data;
}

/** The site's own Directus as its first administrator, signed in with the credentials the control plane keeps for the project. */
async function siteAsAdmin(projectId: string, subdomain: string): Promise<SiteTarget> {
	const credentials = await credentialsOf(projectId);
	const host = `${subdomain}.localhost`;
	return { routerUrl: stack.runtime.routerUrl, host, token: await loginThroughRouter(stack.runtime.routerUrl, host, credentials.admin_email, credentials.admin_password) };
}

async function projectIds(): Promise<string[]> {
	const answer = await api<{ data: Project[] }>('GET', '/projects', { token: customer.token });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body.data.map((project) => project.id).sort();
}

/** The source's card's Duplicate, and the dialog it opens once its fields are prefilled. */
async function openDuplicateDialog(): Promise<Locator> {
	await page.locator(`[data-testid="project-card"][data-project-id="${source.id}"]`).getByTestId('project-duplicate').click();
	const dialog = page.getByTestId('duplicate-project-dialog');
	await dialog.getByTestId('copy-name-input').waitFor();
	return dialog;
}

/** What has the keyboard's focus: the nearest test id around it, and its text. */
const focused = (): Promise<{ testId: string | null; text: string }> =>
	page.evaluate(() => {
		const element = document.activeElement;
		return { testId: element?.closest('[data-testid]')?.getAttribute('data-testid') ?? null, text: element?.textContent?.trim() ?? '' };
	});

/** The toast whose title is exactly `title`. */
const toast = (title: string): Locator => page.getByTestId('toast').filter({ has: page.locator('[data-part="title"]').getByText(title, { exact: true }) });

beforeAll(async () => {
	stack = workerJourneyStack();
	customer = await registerVerifiedCustomer('copies-browser');
	await subscribeInSandbox(customer);
	source = await publishedProject(customer, 'original');
	const site = await siteAsAdmin(source.id, source.subdomain);
	await createNotesCollection(site);
	noteTitle = uniqueWord('copied');
	await siteRequest(site, 'POST', '/items/notes', 200, { title: noteTitle });
	browser = await launchChromium();
}, 300_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await stack?.stopSites();
});

describe('Duplicate in Chromium', () => {
	it('duplicates a project from the keyboard, shows the copy being made to the end, and the copy’s site holds the source’s item', async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
		page = await context.newPage();
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		const dialog = await openDuplicateDialog();
		expect(await dialog.getByRole('heading').first().textContent()).toBe('Duplicate original');
		expect(await dialog.getByTestId('copy-name-input').inputValue()).toBe('original (copy)');
		expect(await dialog.getByTestId('copy-subdomain-input').inputValue()).toBe(`${source.subdomain}-copy`);
		expect(await dialog.getByTestId('copy-latest').getAttribute('data-state')).toBe('checked');
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);

		// The dialog puts the focus on its first field; from there the keyboard does the rest.
		expect(await focused()).toMatchObject({ testId: 'copy-name-input' });
		await page.keyboard.press('ControlOrMeta+A');
		await page.keyboard.type('Staging');
		await page.keyboard.press('Tab');
		expect(await focused()).toMatchObject({ testId: 'copy-subdomain-input' });
		const subdomain = `staging-${randomBytes(3).toString('hex')}`;
		await page.keyboard.press('ControlOrMeta+A');
		await page.keyboard.type(subdomain);
		expect(await dialog.getByText(`${subdomain}.localhost:${stack.runtime.routerPort}`, { exact: true }).count()).toBe(1);
		const order: { testId: string | null; text: string }[] = [];
		for (let step = 0; step < 3; step++) {
			await page.keyboard.press('Tab');
			order.push(await focused());
		}
		// The checked choice of backup, Cancel, then the confirmation.
		expect(order).toEqual([
			{ testId: 'copy-latest', text: '' },
			{ testId: 'duplicate-project-dialog', text: 'Cancel' },
			{ testId: 'copy-confirm', text: 'Make the copy' },
		]);

		await recordShownSteps(page);
		const sent = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/projects/${source.id}/duplicate`);
		await page.keyboard.press('Enter');
		expect((await sent).status()).toBe(201);
		await toast('Making "Staging"…').waitFor();

		// The setup screen follows the copy until it is published.
		await page.waitForURL(/\/projects\/new\?project=/);
		const copyId = new URL(page.url()).searchParams.get('project')!;
		expect(copyId).not.toBe(source.id);
		const setup = page.locator('[data-testid="project-setup"][data-status="published"]');
		await setup.waitFor({ timeout: 240_000 });
		// Read at once: the screen moves to the dashboard 3 s after the setup completes.
		const finished = await setup.evaluate((card) => ({
			percent: card.querySelector('[data-testid="setup-percent"]')?.textContent ?? null,
			states: Array.from(card.querySelectorAll('[data-testid="setup-step"]')).map((step) => [step.getAttribute('data-step'), step.getAttribute('data-state')]),
			database: card.querySelector('[data-testid="setup-step"][data-step="database"] [data-testid="setup-step-detail"]')?.textContent ?? null,
		}));
		expect(finished.percent).toBe('100%');
		expect(finished.states).toEqual(STEP_NAMES.map((name) => [name, 'complete']));
		// The source had no backup: one was taken for the copy, and the step names it.
		const backups = await api<{ data: ProjectBackup[] }>('GET', `/projects/${source.id}/backups`, { token: customer.token });
		expect(backups.status).toBe(200);
		expect(backups.body.data.map((backup) => backup.kind)).toEqual(['manual']);
		// The screen says it in plain words; the server's record names the backup.
		expect(finished.database).toBe('Your database holds a copy of the original project’s data.');
		const recorded = await api<{ data: Project }>('GET', `/projects/${copyId}`, { token: customer.token });
		expect(recorded.body.data.steps.find((step) => step.name === 'database')?.detail).toBe(`The data of original (backup ${backups.body.data[0]!.id}) was copied into the site`);
		// On the way, the screen showed the database step in progress (the backup being restored),
		// and its last list is the steps complete.
		const shown = await shownSteps(page);
		expect(shown.some((states) => states[STEP_NAMES.indexOf('database')] === 'in_progress')).toBe(true);
		expect(shown.at(-1)).toEqual(STEP_NAMES.map(() => 'complete'));

		const copy = await api<{ data: Project }>('GET', `/projects/${copyId}`, { token: customer.token });
		expect(copy.status).toBe(200);
		expect(copy.body.data).toMatchObject({ name: 'Staging', subdomain, status: 'published', copy_of: source.id });

		// The copy's own administrator finds the item the owner wrote in the source.
		const copySite = await siteAsAdmin(copyId, subdomain);
		const notes = await siteRequest<{ data: { title: string }[] }>(copySite, 'GET', '/items/notes?fields=title', 200);
		expect(notes.data).toEqual([{ title: noteTitle }]);

		// The dashboard follows, with the copy's card beside the source's.
		await page.waitForURL(/\/dashboard$/);
		const copyCard = page.locator(`[data-testid="project-card"][data-project-id="${copyId}"]`);
		await copyCard.waitFor();
		expect(await copyCard.getByTestId('project-name').textContent()).toBe('Staging');
		expect(await projectIds()).toEqual([source.id, copyId].sort());
		await context.close();
	}, 300_000);

	it('fits a phone-wide screen with a long subdomain and the list of backups, and sends nothing when closed', async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
		page = await context.newPage();
		const duplicates: string[] = [];
		page.on('request', (request) => {
			if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/duplicate')) duplicates.push(request.url());
		});
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		const before = await projectIds();
		const dialog = await openDuplicateDialog();
		// The longest subdomain there is, without a place to break, and the list of backups to choose
		// from (the one taken for the copy above).
		const long = `a${randomBytes(31).toString('hex')}`.slice(0, 63);
		await dialog.getByTestId('copy-subdomain-input').fill(long);
		await dialog.getByText(`${long}.localhost:${stack.runtime.routerPort}`, { exact: true }).waitFor();
		await dialog.getByTestId('copy-chosen').click();
		const select = dialog.getByTestId('copy-backup-select');
		await select.waitFor();
		expect(await select.locator('option').count()).toBe(1);

		const content = page.locator('[data-testid="duplicate-project-dialog"]');
		expect(await content.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
		expect(await rightmostEdge(content)).toBeLessThanOrEqual(375);
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);

		await page.keyboard.press('Escape');
		await dialog.waitFor({ state: 'hidden' });
		expect(duplicates).toEqual([]);
		expect(await projectIds()).toEqual(before);
	});
});
