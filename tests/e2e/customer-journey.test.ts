/**
 * The whole customer journey in Chromium, in English, against a real
 * runtime with the control plane behind its router (as `npm start` runs them): the landing page's
 * pricing card, registration, the verification email from the mail catcher, sign-in, the
 * onboarding wizard with the chosen plan, its template picker (every starter's contents shown, the
 * Blog picked by keyboard), payment in the sandbox, the project's real provisioning steps of a
 * project made from the Blog starter, its details naming the template, the project's own Studio
 * signed in with the revealed credentials, an editor invited from the site whose invitation
 * arrives with a link to the site, a custom domain verified against a loopback DNS server and
 * served, an allowed origin whose preflight the site's router then answers, a warning the site logs
 * shown in the dialog's live log, the notifications, a duplicate of the project made from a backup,
 * cancel and reactivate, deleting the project and deleting the account.
 *
 * Once, in English: a second language repeated the same server paths at the cost of the suite's
 * longest file. The portal in Spanish is proven where a language changes what a screen does
 * (navigation, portal, landing-takeover, account, project-cors and project-tier in tests/e2e/),
 * and every key the source uses is in every locale file (portal/src/lib/i18n-usage.test.ts,
 * i18n-resources.test.ts).
 *
 * Every step saves a screenshot under `test-results/journey/{language}/` (the CI artifacts).
 * Chromium resolves `*.localhost` to loopback by itself; the custom domain (`*.test`) is mapped
 * to loopback with `--host-resolver-rules`, as a customer's DNS would point it at PUBLIC_IP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import type { Project, ProjectCredentials, Subscription } from '@epic/platform-api';
import { repoPath } from '@epic/node-support/paths';
import { SITE_TEMPLATES } from '@epic/site-templates';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Data } from '../support/api.ts';
import { launchChromium } from '../support/browser.ts';
import { hostRequest } from '../support/host-request.ts';
import { startJourneyStack, type JourneyStack } from '../support/journey-stack.ts';
import { signInToStudio } from '../support/studio-sign-in.ts';
import { startTestDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { linkIn, waitForEmail } from '../support/mailbox.ts';
import { SANDBOX_CARD } from '../support/sandbox-subscription.ts';
import { followPage, withTrail } from '../support/page-trail.ts';
import { portalText, type PortalLanguage } from '../support/portal-text.ts';
import { recordShownSteps, shownSteps } from '../support/setup-steps-recorder.ts';
import { waitFor } from '../support/wait-for.ts';
import { loginThroughRouter, type TestRuntime } from '../support/test-runtime.ts';

/** Custom domains must point here (PUBLIC_IP); the router listens on loopback. */
const PUBLIC_IP = '127.0.0.1';

let runtime: TestRuntime;
let stack: JourneyStack;
let dns: TestDnsServer;
let browser: Browser;

beforeAll(async () => {
	dns = await startTestDnsServer();
	stack = await startJourneyStack('customer-journey', { PUBLIC_IP, DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '1000' });
	runtime = stack.runtime;
	browser = await launchChromium(['--host-resolver-rules=MAP *.test 127.0.0.1']);
}, 240_000);

afterAll(async () => {
	await browser?.close();
	await stack?.stop();
	await dns?.close();
});

/** A page in a fresh context for one language, and a `step` that screenshots each stage. */
async function journeyPage(language: PortalLanguage): Promise<{ context: BrowserContext; page: Page; step: (name: string) => Promise<void> }> {
	const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
	const page = await context.newPage();
	const folder = repoPath('test-results', 'journey', language);
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(folder, { recursive: true });
	let taken = 0;
	const step = async (name: string) => {
		taken += 1;
		await page.screenshot({ path: `${folder}/${String(taken).padStart(2, '0')}-${name}.png`, fullPage: true });
	};
	return { context, page, step };
}

describe('the whole customer journey in Chromium', () => {
	const language: PortalLanguage = 'en';
	const text = (key: string, values?: Record<string, string | number>) => portalText(language, key, values);

	it('goes from the landing page to a served custom domain and back out, deleting the account', async () => {
		const { context, page, step } = await journeyPage(language);
		const trail = followPage(page);
		const toast = (title: string) => page.getByTestId('toast').filter({ has: page.locator('[data-part="title"]').getByText(title, { exact: true }) });
		const email = `journey-${language}-${randomBytes(4).toString('hex')}@example.com`;
		const password = `pw-${randomBytes(8).toString('hex')}`;
		const subdomain = `journey-${language}-${randomBytes(3).toString('hex')}`;
		const domain = `cms.${subdomain}.test`;
		const projectName = 'Journey Blog';

		try {
			// The landing page in the visitor's language; the Pro card's Get started keeps the choice.
			await page.goto(`${runtime.routerUrl}/`);
			await page.getByTestId('pricing-plan').first().waitFor();
			expect(await page.locator('html').getAttribute('lang')).toBe(language);
			await step('landing');
			await page.getByTestId('pricing-get-started-pro').click();
			await page.waitForURL(/\/auth\?/);
			expect(new URL(page.url()).search).toBe('?mode=register&plan=pro&period=monthly');

			// Registration does not sign in: it sends the verification email.
			const form = page.getByTestId('auth-form');
			await form.locator('input[name="name"]').fill('Journey Customer');
			await form.locator('input[name="email"]').fill(email);
			await form.locator('input[name="password"]').fill(password);
			await step('register');
			await form.locator('button[type="submit"]').click();
			await page.getByTestId('check-email').waitFor();
			await step('check-email');

			// The verification link from the mail catcher, then sign-in: onboarding, with the plan.
			const verification = await waitForEmail(email, /verify/i);
			await page.goto(linkIn(verification, `${runtime.routerUrl}/verify-email`).href);
			await page.getByTestId('verify-email-success').waitFor();
			await step('verified');
			await page.getByTestId('verify-email-success').getByRole('link').click();
			await page.getByTestId('auth-form').locator('input[name="email"]').fill(email);
			await page.getByTestId('auth-form').locator('input[name="password"]').fill(password);
			await page.getByTestId('auth-form').locator('button[type="submit"]').click();
			await page.waitForURL(/\/onboarding\?plan=pro&period=monthly$/);

			// Onboarding: the details, then straight to paying for the plan chosen on the landing page.
			const chosen = page.getByTestId('onboarding-chosen-plan');
			await chosen.waitFor();
			expect(await chosen.textContent()).toContain(text('onboarding.chosenPlan.title', { plan: 'Pro', period: text('plans.periods.monthly') }));
			await page.getByTestId('project-name-input').fill(projectName);
			await page.getByTestId('project-subdomain-input').fill(subdomain);
			// One radio group, Blank checked first, a radio per starter; each card's preview lists the
			// template's own collections with their sample items, and its roles.
			const picker = page.getByTestId('project-template-picker');
			const radios = picker.getByRole('radio');
			expect(await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['blank', 'blog', 'company', 'catalogue']);
			expect(await picker.getByRole('radio', { name: text('projects.templates.blank.name') }).isChecked()).toBe(true);
			for (const template of Object.values(SITE_TEMPLATES)) {
				const preview = page.getByTestId(`project-template-${template.id}-preview`);
				expect(await preview.locator('[data-collection]').allTextContents()).toEqual(
					template.snapshot.collections.map(({ collection }) => {
						const count = template.content.find((content) => content.collection === collection)?.items.length ?? 0;
						return `${collection} · ${count} ${count === 1 ? 'item' : 'items'}`;
					}),
				);
				expect(await preview.getByText(/^Roles: /).textContent()).toBe(`Roles: ${template.roles.map((role) => role.name).join(', ')}`);
			}
			expect(await page.getByTestId('project-template-blank-preview').textContent()).toBe('Nothing: an empty Directus to model your own content.');
			// The Blog starter, chosen with the keyboard: one arrow from Blank.
			await picker.getByRole('radio', { name: text('projects.templates.blank.name') }).focus();
			await page.keyboard.press('ArrowRight');
			expect(await picker.getByRole('radio', { name: text('projects.templates.blog.name') }).isChecked()).toBe(true);
			await step('onboarding-details');
			await page.getByTestId('onboarding-details-submit').click();
			expect(await page.getByTestId('onboarding-payment-plan').getAttribute('data-plan-id')).toBe('pro');
			await page.getByTestId('sandbox-checkout-form').waitFor();
			await page.getByTestId('card-number').fill(SANDBOX_CARD.card_number);
			await page.getByTestId('card-expiry').fill(SANDBOX_CARD.expiry);
			await page.getByTestId('card-cvc').fill(SANDBOX_CARD.cvc);
			await page.getByTestId('card-holder').fill(SANDBOX_CARD.cardholder);
			await step('onboarding-payment');
			await page.getByTestId('pay-button').click();

			// Step 4 follows the server's provisioning steps; on completion the wizard says so and
			// opens the dashboard.
			await page.getByTestId('project-setup').waitFor({ timeout: 30_000 });
			await recordShownSteps(page);
			await step('onboarding-setup');
			await toast(text('onboarding.toast.created')).waitFor({ timeout: 90_000 });
			const shown = await shownSteps(page);
			expect(shown.at(-1)).toEqual(['complete', 'complete', 'complete']);
			// The steps only ever move forward: no state list the screen showed undoes an earlier one.
			const weight: Record<string, number> = { pending: 0, in_progress: 1, complete: 2 };
			const progress = (states: string[]) => states.reduce((sum, state) => sum + (weight[state] ?? Number.NaN), 0);
			expect(shown.map(progress)).toEqual([...shown.map(progress)].sort((a, b) => a - b));
			const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('epic-auth') ?? '{}') as { access_token?: string }).access_token ?? '');
			const listed = await api<Data<Project[]>>('GET', '/projects', { token });
			expect(listed.status).toBe(200);
			const project = listed.body.data.find((item: { subdomain: string }) => item.subdomain === subdomain)!;
			expect(project).toMatchObject({ name: projectName, status: 'published', template: 'blog' });
			const subscription = await api<Data<Subscription>>('GET', '/stripe/subscription', { token });
			expect(subscription.body.data).toMatchObject({ status: 'active', period: 'monthly', plan: { id: 'pro' } });

			// The dashboard's card opens the details: the credentials, then the project's own Studio.
			await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
			const card = page.locator(`[data-testid="project-card"][data-project-id="${project.id}"]`);
			await card.waitFor();
			await step('dashboard');
			await card.getByTestId('project-details').click();
			const dialog = page.getByTestId('project-details-dialog');
			await dialog.getByTestId('credentials-email').waitFor();
			expect(await dialog.getByTestId('details-template').textContent()).toBe('Blog');
			expect(await dialog.getByTestId('credentials-email').textContent()).toBe(email);
			await dialog.getByTestId('credentials-toggle').click();
			await dialog.locator('[data-testid="credentials-toggle"][aria-pressed="true"]').waitFor();
			const adminPassword = (await dialog.getByTestId('credentials-password').textContent()) ?? '';
			expect(adminPassword).toHaveLength(24);
			await step('credentials');
			const adminUrl = `http://${subdomain}.localhost:${runtime.routerPort}/admin`;
			expect(await dialog.getByTestId('details-open-admin').getAttribute('href')).toBe(adminUrl);
			const [studio] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('details-open-admin').click()]);
			await signInToStudio(studio, email, adminPassword);
			expect(await studio.locator('.module-nav .project-info .name').textContent()).toBe(projectName);
			await studio.screenshot({ path: repoPath('test-results', 'journey', language, 'studio.png') });
			await studio.close();

			// The starter's content is in the site, and the site mails: an editor invited from it gets
			// an invitation whose link is on the site's own host.
			const siteHost = `${subdomain}.localhost`;
			const siteToken = await loginThroughRouter(runtime.routerUrl, siteHost, email, adminPassword);
			const asAdmin = { headers: { authorization: `Bearer ${siteToken}` } };
			const posts = await hostRequest(runtime.routerUrl, siteHost, '/items/posts?fields=id&limit=-1', asAdmin);
			expect(posts.status).toBe(200);
			expect(posts.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
			await waitFor('the site to run on its own URL', async () => (await runtime.driver.instanceStatus(project.id))?.publicUrl === `http://${siteHost}:${runtime.routerPort}`);
			const editor = `editor-${randomBytes(4).toString('hex')}@example.com`;
			const role = (await hostRequest(runtime.routerUrl, siteHost, '/roles?fields=id&limit=1', asAdmin)).json<{ data: { id: string }[] }>().data[0]!.id;
			const invited = await hostRequest(runtime.routerUrl, siteHost, '/users/invite', {
				method: 'POST',
				headers: { ...asAdmin.headers, 'content-type': 'application/json' },
				body: JSON.stringify({ email: editor, role }),
			});
			expect(invited.status, invited.body).toBe(204);
			const invitation = await waitForEmail(editor, /invited/i);
			expect(linkIn(invitation, `http://${siteHost}:${runtime.routerPort}/admin/accept-invite`).searchParams.get('token')).toBeTruthy();

			// A custom domain: assigned, pointed at PUBLIC_IP, proven with the TXT record the dialog
			// gives, verified, then served by the router.
			dns.setA(domain, [PUBLIC_IP]);
			await dialog.getByTestId('domain-input').fill(domain);
			const proofName = await dialog.getByTestId('dns-proof-name').textContent();
			const proofValue = await dialog.getByTestId('dns-proof-value').textContent();
			expect(proofName).toBe(`_epic-cms-challenge.${domain}`);
			expect(proofValue).toMatch(/^epic-cms-verification=[0-9a-f]{32}$/);
			dns.setTxt(proofName!, [proofValue!]);
			await dialog.getByTestId('domain-assign').click();
			await toast(text('projects.domain.assigned')).waitFor();
			// Assigned, not served yet: the card (under the dialog) keeps the address that works, and
			// says where the domain stands.
			const siteAddress = `${subdomain}.localhost:${runtime.routerPort}`;
			await card.locator('[data-testid="project-domain-state"][data-state="waiting"]').waitFor({ state: 'attached' });
			expect(await card.getByTestId('project-address').textContent()).toBe(siteAddress);
			expect(await card.getByTestId('project-domain-state').textContent()).toBe(text('projects.card.domainWaiting', { domain }));
			await dialog.getByTestId('domain-verify').click();
			const verified = dialog.locator('[data-testid="domain-verify-result"][data-verified="true"]');
			await verified.waitFor({ timeout: 30_000 });
			// Served: the domain is the card's address now.
			await card.getByTestId('project-domain-state').waitFor({ state: 'detached' });
			expect(await card.getByTestId('project-address').textContent()).toBe(`${domain}:${runtime.routerPort}`);
			await step('domain-verified');
			const served = await api<Data<Project>>('GET', `/projects/${project.id}`, { token });
			expect(served.body.data.domain).toBe(domain);
			expect(served.body.data.domain_verified_at).toEqual(expect.any(String));
			const site = await context.newPage();
			const ping = await site.goto(`http://${domain}:${runtime.routerPort}/server/info`);
			expect(ping?.status()).toBe(200);
			expect(((await ping?.json()) as { data: { project: { project_name: string } } }).data.project.project_name).toBe(projectName);
			await site.close();

			// An allowed origin: the customer's front end elsewhere may call the site from the browser,
			// and the router answers its preflight from the next request.
			const frontEnd = `https://www.${subdomain}.example`;
			await dialog.getByTestId('cors-origins-input').fill(`${frontEnd.toUpperCase()}/`);
			await dialog.getByTestId('cors-origins-save').click();
			// The save waits for the site's relaunch on its verified domain, which holds the site's
			// lock in the runtime: a boot, which took 33 s under CI's load.
			await toast(text('projects.cors.saved')).waitFor({ timeout: 120_000 });
			expect(await dialog.getByTestId('cors-origins-input').inputValue()).toBe(frontEnd);
			await step('cors-origins');
			const preflight = await hostRequest(runtime.routerUrl, domain, '/items/posts', {
				method: 'OPTIONS',
				headers: { origin: frontEnd, 'access-control-request-method': 'GET' },
			});
			expect(preflight.status).toBe(204);
			expect(preflight.headers['access-control-allow-origin']).toBe(frontEnd);

			// The site's log, followed live: a warning the site writes shows within seconds.
			const logs = dialog.getByTestId('project-logs');
			await logs.locator('[data-testid="logs-state"][data-state="live"]').waitFor({ timeout: 20_000 });
			const flowId = randomUUID();
			await hostRequest(runtime.routerUrl, siteHost, `/flows/trigger/${flowId}`, { method: 'POST' });
			await logs.getByRole('log').getByText(`POST-${flowId}`).waitFor({ timeout: 15_000 });
			await step('site-log');
			await page.keyboard.press('Escape');
			await dialog.waitFor({ state: 'hidden' });

			// The bell counts what happened: the project is ready and the domain verified.
			await page.reload();
			const badge = page.getByTestId('notification-badge');
			await badge.waitFor();
			expect(await badge.textContent()).toBe('2');
			await page.getByTestId('notification-bell').click();
			const items = page.getByTestId('notifications-list').getByTestId('notification-text');
			await items.first().waitFor();
			expect(await items.allTextContents()).toEqual([
				text('notifications.kinds.domain_verified', { domain, project: projectName }),
				text('notifications.kinds.project_ready', { project: projectName }),
			]);
			await step('notifications');
			await page.keyboard.press('Escape');
			await badge.waitFor({ state: 'detached' });

			// A staging copy: Duplicate makes a new project from the latest backup (one is taken now).
			await card.getByTestId('project-duplicate').click();
			const duplicate = page.getByTestId('duplicate-project-dialog');
			await duplicate.waitFor();
			const copySubdomain = `${subdomain}-staging`;
			await duplicate.getByTestId('copy-name-input').fill(`${projectName} staging`);
			await duplicate.getByTestId('copy-subdomain-input').fill(copySubdomain);
			await step('duplicate');
			await duplicate.getByTestId('copy-confirm').click();
			await page.waitForURL(/\/projects\/new\?project=/);
			const copyId = new URL(page.url()).searchParams.get('project')!;
			await page.locator('[data-testid="project-setup"][data-status="published"]').waitFor({ timeout: 180_000 });
			await step('duplicated');
			const copy = (await api<Data<Project>>('GET', `/projects/${copyId}`, { token })).body.data;
			expect(copy).toMatchObject({ subdomain: copySubdomain, status: 'published', copy_of: project.id });
			const copyCredentials = (await api<Data<ProjectCredentials>>('GET', `/projects/${copyId}/credentials`, { token })).body.data;
			const copyToken = await loginThroughRouter(runtime.routerUrl, `${copySubdomain}.localhost`, copyCredentials.admin_email, copyCredentials.admin_password);
			const copiedPosts = await hostRequest(runtime.routerUrl, `${copySubdomain}.localhost`, '/items/posts?fields=id&limit=-1', {
				headers: { authorization: `Bearer ${copyToken}` },
			});
			expect(copiedPosts.json<{ data: unknown[] }>().data).toEqual(posts.json<{ data: unknown[] }>().data);

			// Cancel at the period's end, then reactivate.
			await page.goto(`${runtime.routerUrl}/subscription`);
			await page.locator('[data-testid="subscription-card"][data-status="active"]').waitFor();
			await page.getByTestId('cancel-subscription').click();
			await page.getByTestId('cancel-dialog').waitFor();
			await page.getByTestId('confirm-cancel').click();
			await page.locator('[data-testid="subscription-date"][data-kind="cancels"]').waitFor();
			await step('canceling');
			expect((await api<Data<Subscription>>('GET', '/stripe/subscription', { token })).body.data.cancel_at_period_end).toBe(true);
			await page.getByTestId('reactivate-subscription').click();
			await page.locator('[data-testid="subscription-date"][data-kind="renews"]').waitFor();
			await step('reactivated');
			expect((await api<Data<Subscription>>('GET', '/stripe/subscription', { token })).body.data.cancel_at_period_end).toBe(false);

			// Delete the project: the site and its domain stop being served; the copy stays.
			await page.goto(`${runtime.routerUrl}/dashboard`);
			await card.getByTestId('project-delete').click();
			await page.getByTestId('delete-project-dialog').waitFor();
			await page.getByTestId('delete-project-confirm').click();
			await card.waitFor({ state: 'detached' });
			expect(await page.locator('[data-testid="project-card"]').evaluateAll((cards) => cards.map((found) => found.getAttribute('data-project-id')))).toEqual([copyId]);
			await step('project-deleted');
			expect((await api('GET', `/projects/${project.id}`, { token })).status).toBe(404);
			const gone = await hostRequest(runtime.routerUrl, domain, '/server/ping', { headers: { accept: 'application/json' } });
			expect(gone.status).toBe(404);

			// Delete the account with the password: signed out, on the landing page.
			await page.goto(`${runtime.routerUrl}/profile`);
			await page.getByTestId('tab-account').click();
			await page.getByTestId('delete-account').click();
			await page.getByTestId('delete-account-dialog').waitFor();
			await page.getByTestId('delete-account-password').fill(password);
			await step('delete-account');
			await page.getByTestId('delete-account-confirm').click();
			await toast(text('profile.toast.accountDeleted')).waitFor();
			expect(new URL(page.url()).pathname).toBe('/');
			expect(await page.evaluate(() => localStorage.getItem('epic-auth'))).toBeNull();
			expect((await api('POST', '/auth/login', { body: { email, password } })).status).toBe(401);
			await step('signed-out');
			expect(trail.pageErrors()).toEqual([]);
		} catch (error) {
			throw withTrail(error, trail);
		} finally {
			await context.close();
		}
	}, 540_000);
});
