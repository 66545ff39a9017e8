/**
 * The dashboard's usage in a real browser on a control plane without a runtime: it says usage is
 * unavailable instead of showing zeros. (With a runtime, the figures are checked in the project
 * journey, project-journey.test.ts, on its published project.)
 */
import { randomBytes } from 'node:crypto';
import type { Project } from '@epic/platform-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, controlPlane, type Data } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { signInThroughPortal } from '../support/portal-pages.ts';

let page: Page;

chromiumPagePerTest((opened) => (page = opened));

async function subscribedCustomerWithProject(label: string): Promise<{ customer: TestCustomer; projectId: string; subdomain: string }> {
	const customer = await registerVerifiedCustomer(label);
	await subscribeInSandbox(customer);
	const subdomain = `${label}-${randomBytes(3).toString('hex')}`;
	const created = await api<Data<Project>>('POST', '/projects', { token: customer.token, body: { name: 'Counted Site', subdomain } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	return { customer, projectId: created.body.data.id, subdomain };
}

describe('the dashboard without a runtime', () => {
	it('says usage is unavailable, on the stats row and the card, instead of zeros', async () => {
		const { customer } = await subscribedCustomerWithProject('usage-none');
		await signInThroughPortal(page, controlPlane().url, customer);

		const unavailable = page.getByTestId('stat-requests-unavailable');
		await unavailable.waitFor();
		expect(await unavailable.getAttribute('data-reason')).toBe('not_configured');
		expect(await unavailable.textContent()).toBe('Usage unavailable');
		expect(await page.getByTestId('stat-change-unavailable').textContent()).toBe('Usage unavailable');
		// The project stays a draft without a runtime: none is active.
		expect(await page.getByTestId('stat-active-projects').textContent()).toBe('0');
		const projectCard = page.getByTestId('project-card');
		expect(await projectCard.getByTestId('project-usage-unavailable').textContent()).toBe('Usage unavailable');
		expect(await page.getByTestId('stat-requests').count()).toBe(0);
		expect(await projectCard.getByTestId('project-requests').count()).toBe(0);
	});
});
