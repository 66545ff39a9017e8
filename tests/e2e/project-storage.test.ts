/**
 * A project's storage in its details dialog, in Chromium, against a real runtime: "Storage: X MB of
 * Y MB" from the figures the control plane answered (the runtime's measurement and the Pro plan's
 * quota), a progress bar that assistive technology reads with its value and the same words, and,
 * once the site stores its quota, the message that uploads are refused until files are deleted or
 * the plan is upgraded, with a keyboard-reachable way to the plans. On a phone-wide screen nothing
 * in the section runs off the side, and axe-core finds nothing serious in either state. The control plane sits behind the runtime's router
 * (tests/support/journey-stack.ts).
 */
import type { ProjectCredentials, ProjectStorage } from '@epic/platform-api';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Data } from '../support/api.ts';
import { seriousViolationsInOpenDialog } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { uploadSiteFile } from '../support/site-admin.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';

const MIB = 1024 * 1024;

let stack: WorkerJourneyStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let customer: TestCustomer;
let project: { id: string; subdomain: string };

/** Megabytes as the plans count them (MiB), as an English reader sees them. */
const megabytes = (bytes: number) => new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / MIB);

/** Opens the project's details and resolves with its storage section and the figures the portal was answered. */
async function openStorage(): Promise<{ section: Locator; storage: Extract<ProjectStorage, { available: true }> }> {
	const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/projects/${project.id}/storage`);
	await page.locator(`[data-testid="project-card"][data-project-id="${project.id}"]`).getByTestId('project-details').click();
	const storage = ((await (await answered).json()) as { data: ProjectStorage }).data;
	if (!storage.available) throw new Error(`storage unavailable: ${storage.reason}`);
	const section = page.getByTestId('project-details-dialog').getByTestId('project-storage');
	await section.getByTestId('storage-usage').waitFor();
	return { section, storage };
}

beforeAll(async () => {
	stack = workerJourneyStack();
	customer = await registerVerifiedCustomer('storage-browser');
	await subscribeInSandbox(customer);
	project = await publishedProject(customer, 'storage');
	browser = await launchChromium();
}, 300_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await stack?.stopSites();
});

describe("a project's storage in Chromium", () => {
	it("shows what the site stores of its plan's quota, with a bar read as the same words", async () => {
		context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
		page = await context.newPage();
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		const { section, storage } = await openStorage();

		expect(storage.quota_bytes).toBe(5120 * MIB);
		expect(storage.used_bytes).toBeGreaterThan(0);
		const text = `Storage: ${megabytes(storage.used_bytes)} of 5,120 MB`;
		expect(await section.getByTestId('storage-usage').textContent()).toBe(text);
		const bar = section.getByRole('progressbar', { name: text });
		const percent = Math.round((storage.used_bytes / storage.quota_bytes!) * 1000) / 10;
		expect(await bar.getAttribute('aria-valuenow')).toBe(String(percent));
		expect(await bar.getAttribute('aria-valuemin')).toBe('0');
		expect(await bar.getAttribute('aria-valuemax')).toBe('100');
		expect(await bar.getAttribute('aria-valuetext')).toBe(text);
		expect(await section.getByTestId('storage-full').count()).toBe(0);
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
		await context.close();
	});

	it('says when the storage is full why uploads are refused, with the plans a key press away, on a phone', async () => {
		// The owner uploads a file in the site's Studio (a fresh site stores under a megabyte), then a
		// quota the site already fills is set where the plan's is kept: the runtime's record of the site.
		const { admin_email, admin_password } = (await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: customer.token })).body.data;
		const host = `${project.subdomain}.localhost`;
		const token = await loginThroughRouter(stack.runtime.routerUrl, host, admin_email, admin_password);
		await uploadSiteFile({ routerUrl: stack.runtime.routerUrl, host, token }, 'brochure.pdf', Buffer.alloc(2 * MIB, 'b'));
		const measured = (await stack.runtime.driver.instanceStatus(project.id))!.diskBytes!;
		const quotaMb = Math.floor(measured / MIB);
		await stack.runtime.driver.setSiteResources(project.id, { storageQuotaMb: quotaMb });

		context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
		page = await context.newPage();
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		const { section, storage } = await openStorage();

		expect(storage).toMatchObject({ quota_bytes: quotaMb * MIB, full: true });
		const text = `Storage: ${megabytes(storage.used_bytes)} of ${megabytes(quotaMb * MIB)}`;
		expect(await section.getByTestId('storage-usage').textContent()).toBe(text);
		expect(await section.getByRole('progressbar', { name: text }).getAttribute('aria-valuenow')).toBe('100');
		const full = section.getByTestId('storage-full');
		expect(await full.textContent()).toBe(
			'Storage is full' +
				'Uploads to this site are refused until files are deleted in its CMS admin or the plan is upgraded. Everything already stored is kept and the site keeps serving.' +
				'Change plan',
		);
		expect(await seriousViolationsInOpenDialog(page)).toEqual([]);
		// Nothing in the section is wider than the screen.
		const overflow = await section.evaluate((element) => element.scrollWidth - element.clientWidth);
		expect(overflow).toBe(0);

		const changePlan = full.getByRole('link', { name: 'Change plan' });
		await changePlan.focus();
		await page.keyboard.press('Enter');
		await page.waitForURL((url) => url.pathname === '/subscription');
	});
});
