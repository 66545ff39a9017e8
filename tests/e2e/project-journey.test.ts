/**
 * The whole project journey in Chromium, against a real runtime: a verified customer subscribes,
 * creates a project through /projects/new, watches the setup screen follow the server's four
 * provisioning steps to the end, sees the requests it sends to the site as the dashboard's usage
 * figures, reveals and copies the admin credentials in the details dialog,
 * follows the CMS admin link to the project's own Directus Studio through the runtime's router and
 * signs in there with those credentials. The control plane sits behind the runtime's router
 * (tests/support/journey-stack.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Project, ProjectCredentials } from '@epic/platform-api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Data } from '../support/api.ts';
import { launchChromium } from '../support/browser.ts';
import { registerVerifiedCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import { signInToStudio } from '../support/studio-sign-in.ts';
import { signInThroughPortal, subscribeThroughCheckout } from '../support/portal-pages.ts';
import { recordShownSteps, shownSteps } from '../support/setup-steps-recorder.ts';
import type { ControlPlaneHandle } from '../support/test-control-plane.ts';

let runtime: WorkerJourneyStack['runtime'];
let own: ControlPlaneHandle;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The sites here are served over plain HTTP: there is no certificate step to show. */
const STEP_NAMES = ['infrastructure', 'database', 'domain'];
/** Requests the test sends to the site; the router counts each one once. */
const SITE_REQUESTS = 7;
/**
 * The step states the reconciler records, in order (a draft has none: the screen shows them
 * pending): the runtime's ensure starts infrastructure and database together, then the router
 * entry (domain), then everything is complete at once.
 */
const SERVER_PROGRESS = [
	['pending', 'pending', 'pending'],
	['in_progress', 'in_progress', 'pending'],
	['complete', 'complete', 'in_progress'],
	['complete', 'complete', 'complete'],
];

let stack: WorkerJourneyStack;

beforeAll(async () => {
	stack = workerJourneyStack();
	({ runtime, controlPlane: own } = stack);
	browser = await launchChromium();
	context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
	await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: own.url });
	page = await context.newPage();
}, 240_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await stack?.stopSites();
});

const open = (path: string) => page.goto(`${own.url}${path}`);

describe('the project journey in Chromium', () => {
	it('subscribes, creates a project, follows its setup, and signs in to its CMS with the revealed credentials', async () => {
		const customer = await registerVerifiedCustomer('journey');
		await signInThroughPortal(page, own.url, customer);
		await subscribeThroughCheckout(page, own.url, 'pro');

		await open('/projects/new');
		await page.getByTestId('new-project-form').waitFor();
		const subdomain = `journey-${randomBytes(4).toString('hex')}`;
		await page.getByTestId('project-name-input').fill('Journey Blog');
		await page.getByTestId('project-subdomain-input').fill(subdomain);
		expect(await page.getByTestId('subdomain-preview').textContent()).toBe(`${subdomain}.localhost:${runtime.routerPort}`);
		await recordShownSteps(page);
		await page.getByTestId('new-project-submit').click();

		// The setup screen follows the server until the project is published.
		await page.getByTestId('project-setup').waitFor();
		const setup = page.locator('[data-testid="project-setup"][data-status="published"]');
		await setup.waitFor({ timeout: 90_000 });
		// Read at once: the screen moves to the dashboard 3 s after the setup completes.
		const finished = await setup.evaluate((card) => ({
			states: Array.from(card.querySelectorAll('[data-testid="setup-step"]')).map((step) => [step.getAttribute('data-step'), step.getAttribute('data-state')]),
			details: Array.from(card.querySelectorAll('[data-testid="setup-step"]')).map((step) => step.querySelector('[data-testid="setup-step-detail"]')?.textContent ?? null),
			noTls: card.querySelector('[data-testid="setup-no-tls"]')?.textContent ?? null,
			access: card.querySelector('[data-testid="setup-open-cms"]')?.textContent ?? null,
			accessHref: card.querySelector('[data-testid="setup-open-cms"]')?.getAttribute('href') ?? null,
		}));
		const projectId = new URL(page.url()).searchParams.get('project');
		const server = await api<Data<Project>>('GET', `/projects/${projectId}`, { token: customer.token });
		expect(server.status).toBe(200);
		const project = server.body.data;
		expect(project).toMatchObject({ name: 'Journey Blog', subdomain, status: 'published' });
		const adminUrl = `http://${subdomain}.localhost:${runtime.routerPort}/admin`;
		expect(project.admin_url).toBe(adminUrl);

		expect(finished.states).toEqual(STEP_NAMES.map((name) => [name, 'complete']));
		// Every list of states the screen showed is one the server records on the way, in its order,
		// ending with the four complete. (How many of them a one-second poll catches depends on the
		// machine's speed, so their number is not asserted.)
		const shown = (await shownSteps(page)).map((states) => SERVER_PROGRESS.findIndex((progress) => progress.join() === states.join()));
		expect(shown).not.toContain(-1);
		expect(shown).toEqual([...shown].sort((a, b) => a - b));
		expect(shown.at(-1)).toBe(SERVER_PROGRESS.length - 1);
		// Each step says what is done in plain words; the certificate is not shown as done over plain
		// HTTP: the server records it skipped, and the screen says once why there is none.
		expect(finished.details).toEqual(['Your own Directus is running.', 'Your database is ready.', `Your site answers at ${subdomain}.localhost:${runtime.routerPort}.`]);
		expect(project.steps.map((step: { name: string; state: string }) => [step.name, step.state])).toEqual([
			...STEP_NAMES.map((name) => [name, 'complete']),
			['certificate', 'skipped'],
		]);
		expect(finished.noTls).toBe('This installation serves sites over plain HTTP, without a certificate, so there is no HTTPS step.');
		expect(finished.access).toBe('Access Your CMS');
		expect(finished.accessHref).toBe(adminUrl);

		// The dashboard follows. Nothing has reached the site yet: the requests sent now through the
		// router are its figures, on the stats row and the card, with the 30-day chart.
		await page.waitForURL(/\/dashboard$/);
		for (let sent = 0; sent < SITE_REQUESTS; sent++) {
			expect((await hostRequest(runtime.routerUrl, `${subdomain}.localhost`, '/server/ping')).status).toBe(200);
		}
		await page.reload();
		const card = page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
		const requests = page.getByTestId('stat-requests');
		await requests.waitFor();
		expect(await requests.textContent()).toBe(String(SITE_REQUESTS));
		expect(await page.getByTestId('stat-change').textContent()).toBe('No earlier traffic');
		expect(await page.getByTestId('stat-active-projects').textContent()).toBe('1');
		expect(await card.getByTestId('project-requests').textContent()).toBe(`${SITE_REQUESTS} requests in the last 30 days`);
		expect(await card.getByTestId('project-requests-change').textContent()).toBe('No earlier traffic');
		const chart = card.getByTestId('project-usage-chart').getByRole('img');
		const chartName = await chart.evaluate((svg) => document.getElementById(svg.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
		expect(chartName).toMatch(new RegExp(`^Requests per day over the last 30 days: ${SITE_REQUESTS} in total; the busiest day was .+ with ${SITE_REQUESTS}\\.$`));
		const bars = await chart.locator('rect').evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('data-requests'))));
		expect(bars).toHaveLength(30);
		expect(bars.reduce((sum, count) => sum + count, 0)).toBe(SITE_REQUESTS);

		// The details dialog reveals and copies the credentials.
		await card.getByTestId('project-details').click();
		const dialog = page.getByTestId('project-details-dialog');
		await dialog.waitFor();
		const email = dialog.getByTestId('credentials-email');
		await email.waitFor();
		expect(await email.textContent()).toBe(customer.email);
		const password = dialog.getByTestId('credentials-password');
		expect(await password.textContent()).toBe('••••••••••••');
		await dialog.getByTestId('credentials-toggle').click();
		await dialog.locator('[data-testid="credentials-toggle"][aria-pressed="true"]').waitFor();
		const revealed = (await password.textContent()) ?? '';
		expect(revealed).toHaveLength(24);
		const revealedByServer = await api<Data<ProjectCredentials>>('GET', `/projects/${projectId}/credentials`, { token: customer.token });
		expect(revealedByServer.body.data).toEqual({ admin_email: customer.email, admin_password: revealed });
		// Copying puts the same password on the clipboard (the button turns to "copied" once it has).
		await dialog.getByTestId('credentials-copy-password').click();
		await dialog.locator('[data-testid="credentials-copy-password"][data-copied="true"]').waitFor();
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(revealed);
		const adminLink = dialog.getByTestId('details-open-admin');
		expect(await adminLink.getAttribute('href')).toBe(adminUrl);

		// The admin link opens the project's own Studio through the router.
		const [studio] = await Promise.all([context.waitForEvent('page'), adminLink.click()]);
		// The module bar and the project's name in the module navigation belong to the signed-in Studio only.
		await signInToStudio(studio, customer.email, revealed);
		expect(await studio.locator('.module-nav .project-info .name').textContent()).toBe('Journey Blog');
		// The Studio's session (its cookie) is the project admin's, named by the revealed email.
		const me = await studio.evaluate(async () => {
			const response = await fetch('/users/me?fields=id,email', { credentials: 'same-origin' });
			return { status: response.status, body: (await response.json()) as { data?: { id: string; email: string } } };
		});
		expect(me.status).toBe(200);
		expect(me.body.data?.email).toBe(customer.email);
		expect(await studio.locator('.module-bar-avatar a[href^="/admin/users/"]').getAttribute('href')).toBe(`/admin/users/${me.body.data?.id}`);
	}, 180_000);
});
