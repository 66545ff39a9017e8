/**
 * A project's backups in Chromium, against a real runtime: the owner opens the project's details,
 * backs it up now, downloads the archive (a gzip named after the site), restores it after a
 * confirmation and sees the restore's steps, as the runtime recorded them, end in success, with the
 * safety backup then listed. The control plane sits behind the runtime's router
 * (tests/support/journey-stack.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Project, ProjectBackup } from '@epic/platform-api';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Data } from '../support/api.ts';
import { launchChromium } from '../support/browser.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import { rightmostEdge, signInThroughPortal } from '../support/portal-pages.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { readUntil } from '../support/wait-for.ts';

let stack: WorkerJourneyStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let customer: TestCustomer;
let projectId: string;
let subdomain: string;

/** The toast whose title is exactly `title`. */
const toast = (title: string): Locator => page.getByTestId('toast').filter({ has: page.locator('[data-part="title"]').getByText(title, { exact: true }) });

beforeAll(async () => {
	stack = workerJourneyStack();
	customer = await registerVerifiedCustomer('backups-browser');
	await subscribeInSandbox(customer);
	subdomain = `bk-${randomBytes(3).toString('hex')}`;
	const created = await api<Data<Project>>('POST', '/projects', { token: customer.token, body: { name: 'Backed Up', subdomain } });
	if (created.status !== 201) throw new Error(`Creating the project failed: ${JSON.stringify(created.body)}`);
	projectId = created.body.data.id;
	const readStatus = async () => (await api<Data<Project>>('GET', `/projects/${projectId}`, { token: customer.token })).body.data.status;
	const status = await readUntil(readStatus, (now) => ['published', 'failed'].includes(now), 120_000);
	if (status !== 'published') throw new Error(`The project ended ${status}`);
	browser = await launchChromium();
	context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
	page = await context.newPage();
}, 300_000);

afterAll(async () => {
	await context?.close();
	await browser?.close();
	await stack?.stopSites();
});

describe('backups in Chromium', () => {
	it('backs up now, downloads the archive and restores it, showing the restore steps', async () => {
		await signInThroughPortal(page, stack.controlPlane.url, customer);
		const card = page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
		await card.getByTestId('project-details').click();
		const section = page.getByTestId('project-details-dialog').getByTestId('project-backups');
		await section.getByTestId('backups-empty').waitFor();

		await section.getByTestId('backup-now').click();
		await toast('Backup created').waitFor();
		const rows = section.getByTestId('backup-row');
		await rows.first().waitFor();
		const [backup] = (await api<Data<ProjectBackup[]>>('GET', `/projects/${projectId}/backups`, { token: customer.token })).body.data;
		expect(await rows.count()).toBe(1);
		expect(await rows.first().getAttribute('data-backup-id')).toBe(backup!.id);
		expect(await rows.first().getByTestId('backup-kind').textContent()).toBe('Manual');

		const downloading = page.waitForEvent('download');
		await rows.first().getByTestId('backup-download').click();
		const download = await downloading;
		expect(download.suggestedFilename()).toBe(`${subdomain}-${backup!.id}.tar.gz`);
		const bytes = readFileSync(await download.path());
		expect(bytes.length).toBe(backup!.size);
		expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

		await rows.first().getByTestId('backup-restore').click();
		const confirm = page.getByTestId('restore-backup-dialog');
		await confirm.waitFor();
		await confirm.getByTestId('restore-backup-confirm').click();
		const progress = section.getByTestId('restore-progress');
		await progress.waitFor();
		await section.locator('[data-testid="restore-progress"]:not([data-state="running"])').waitFor({ timeout: 120_000 });
		expect(await progress.getAttribute('data-state')).toBe('succeeded');
		await toast('Backup restored').waitFor();
		const steps = await progress.getByTestId('restore-step').evaluateAll((items) => items.map((item) => [item.getAttribute('data-step'), item.getAttribute('data-state')]));
		expect(steps).toEqual([
			['verifying', 'done'],
			['safety-backup', 'done'],
			['stopping', 'done'],
			['replacing', 'done'],
			['starting', 'done'],
			['checking', 'done'],
		]);
		await section.locator('[data-testid="backup-row"]:nth-child(2)').waitFor();
		expect(await rows.getByTestId('backup-kind').allTextContents()).toEqual(['Before restore', 'Manual']);
		// The restore alone may take up to 120 s (above) on a loaded machine.
	}, 180_000);

	it("keeps every backup's actions on screen on a phone (390 px wide)", async () => {
		const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
		const phonePage = await phone.newPage();
		await signInThroughPortal(phonePage, stack.controlPlane.url, customer);
		await phonePage.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`).getByTestId('project-details').click();
		const section = phonePage.getByTestId('project-details-dialog').getByTestId('project-backups');
		const rows = section.getByTestId('backup-row');
		await rows.first().waitFor();
		expect(await rows.count()).toBe(2);
		for (const row of await rows.all()) {
			for (const action of ['backup-download', 'backup-restore', 'backup-restore-into-new']) {
				const button = row.getByTestId(action);
				await button.scrollIntoViewIfNeeded();
				const box = await button.boundingBox();
				expect(box, action).not.toBeNull();
				expect(box!.x, action).toBeGreaterThanOrEqual(0);
				expect(box!.x + box!.width, action).toBeLessThanOrEqual(390);
			}
		}
		// Nothing in the section reaches past the screen's right edge (no sideways scrolling).
		expect(await rightmostEdge(section)).toBeLessThanOrEqual(390);
		await phone.close();
	});
});
