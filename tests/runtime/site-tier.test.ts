/**
 * A site's Directus tier, read from the site (GET /instances/:id/tier, docs/product.md, Directus
 * tier): a new site runs the core tier with its first administrator in one of three Studio seats,
 * no collections of 25 and no active flows of 5; a collection and an active flow made in the site
 * count at once; a stopped site is not started to answer (its owner starts it); an unknown project
 * is not found.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNotesCollection, siteRequest, type SiteTarget } from '../support/site-admin.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'tier@example.com', password: 'tier-secret-password' };
let runtime: TestRuntime;
let site: SiteTarget;

beforeAll(async () => {
	runtime = new TestRuntime({ warmPoolSize: 0 });
	await runtime.start();
	await runtime.driver.ensureInstance({ projectId: 'p-tier', subdomain: 'tier', projectName: 'Tier', admin });
	site = { routerUrl: runtime.routerUrl, host: 'tier.localhost', token: await loginThroughRouter(runtime.routerUrl, 'tier.localhost', admin.email, admin.password) };
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

describe("a site's Directus tier", () => {
	test('a new site: the core tier, one seat of three, no collection of 25, no active flow of 5', async () => {
		expect(await runtime.driver.siteTier('p-tier')).toEqual({
			name: 'Core',
			status: 'active',
			seats: { used: 1, limit: 3 },
			collections: { used: 0, limit: 25 },
			flows: { used: 0, limit: 5 },
			customPermissionRules: false,
		});
	});

	test('a collection and an active flow made in the site count at once; an inactive flow does not', async () => {
		await createNotesCollection(site);
		for (const status of ['active', 'inactive']) {
			await siteRequest(site, 'POST', '/flows', 200, { name: `Hook ${status}`, status, trigger: 'webhook', accountability: 'all', options: { method: 'POST' } });
		}
		expect(await runtime.driver.siteTier('p-tier')).toMatchObject({ collections: { used: 1, limit: 25 }, flows: { used: 1, limit: 5 } });
	});

	test('a stopped site says so until started, and an unknown project is not found', async () => {
		await runtime.driver.stopInstance('p-tier');
		await expect(runtime.driver.siteTier('p-tier')).rejects.toMatchObject({ status: 409, code: 'INSTANCE_NOT_RUNNABLE' });
		await runtime.driver.startInstance('p-tier');
		expect((await runtime.driver.siteTier('p-tier')).seats).toEqual({ used: 1, limit: 3 });
		await expect(runtime.driver.siteTier('p-unknown')).rejects.toMatchObject({ status: 404 });
	});
});
