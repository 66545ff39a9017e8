/**
 * One tenant cannot fill the disk for everyone (docs/access-model.md, Attacks closed, and the test that stops each): a site refuses an
 * upload larger than its plan's upload size, and the router refuses an upload that would take the
 * site past its plan's storage quota (uploads plus database), while everything already stored stays
 * and the site keeps serving.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { postSiteFile, siteAsset, uploadSiteFile, type SiteTarget } from '../support/site-admin.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

const MB = 1024 * 1024;
const admin = { email: 'quota@example.com', password: 'quota-secret-password' };
const host = 'quota.localhost';
let runtime: TestRuntime;
let site: SiteTarget;

beforeAll(async () => {
	runtime = new TestRuntime({ warmPoolSize: 0 });
	await runtime.start();
	await runtime.driver.ensureInstance({ projectId: 'p-quota', subdomain: 'quota', projectName: 'Quota', admin, resources: { uploadMaxMb: 2 } });
	site = { routerUrl: runtime.routerUrl, host, token: await loginThroughRouter(runtime.routerUrl, host, admin.email, admin.password) };
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

describe("a site's storage", () => {
	test("refuses an upload over its plan's upload size", async () => {
		const tooLarge = await postSiteFile(site, 'large.txt', Buffer.alloc(3 * MB, 'x'));
		expect(tooLarge.status).toBe(413);
	});

	test('refuses an upload past its quota, keeps what it stored, and keeps serving', async () => {
		const used = (await runtime.driver.instanceStatus('p-quota'))!.diskBytes!;
		// Room for the first upload (half a megabyte and its form's overhead), and less than a megabyte more.
		const quotaMb = Math.ceil((used + 600 * 1024) / MB);
		await runtime.driver.setSiteResources('p-quota', { uploadMaxMb: 2, storageQuotaMb: quotaMb });

		const kept = await uploadSiteFile(site, 'kept.txt', Buffer.alloc(MB / 2, 'k'));
		const refused = await postSiteFile(site, 'over.txt', Buffer.alloc(1.5 * MB, 'o'));
		expect(refused.status).toBe(507);
		expect(refused.json()).toEqual({ errors: [{ message: "This project's storage is full", extensions: { code: 'STORAGE_FULL' } }] });

		expect(String(await siteAsset(site, kept))).toHaveLength(MB / 2);
		const ping = await hostRequest(runtime.routerUrl, host, '/server/ping', { headers: { accept: 'application/json' } });
		expect(ping.body).toBe('pong');
		// Reading and other writes go on.
		const files = await hostRequest(runtime.routerUrl, host, '/files?fields=filename_download', { headers: { authorization: `Bearer ${site.token}` } });
		expect(files.json<{ data: { filename_download: string }[] }>().data.map((file) => file.filename_download)).toEqual(['kept.txt']);
	});
});
