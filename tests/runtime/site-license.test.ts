/**
 * A project's Directus licence key on its site (PUT /instances/:id/license, docs/product.md,
 * Directus tier): written, encrypted as Directus encrypts it, into that site's settings row only,
 * never into another site's nor a warm-pool member's; at its next start the site cannot reach
 * Directus's licence server here, says so in its log, drops the key and serves on the core tier;
 * the key appears in no answer and nothing the runtime prints.
 * A site handed out from the warm pool and not yet relaunched on its URL refuses it (409).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { withSiteDatabase } from '../support/site-database.ts';
import { decryptSettingsValue } from '../../runtime/src/instances/site-settings-encryption.ts';
import { TestRuntime, type RuntimeDatabaseClient } from '../support/test-runtime.ts';

const db = (process.env['RUNTIME_TEST_DB'] ?? 'sqlite3') as RuntimeDatabaseClient;
const admin = { email: 'licence@example.com', password: 'licence-secret-password' };
const KEY = 'DLK-test-7f3a9c2e41b8-licence-key-never-shown';
const DOWNGRADE = 'Unable to validate the license key from the database, downgrading to core tier.';
let runtime: TestRuntime;

/**
 * The site's licence columns, the key decrypted with Directus's own function and the site's SECRET
 * (Directus stores the column encrypted; a value it cannot decrypt would be no key to it).
 */
async function licenceColumns(instanceId: string): Promise<{ license_key: string | null; license_token: string | null }> {
	const secret = runtimeState(runtime.dataDir).instances[instanceId]!.secret;
	const row = await withSiteDatabase(
		runtime.dataDir,
		instanceId,
		(site) => site('directus_settings').first('license_key', 'license_token') as Promise<{ license_key: string | null; license_token: string | null }>,
	);
	if (row.license_key !== null) expect(row.license_key).not.toContain(KEY);
	return { license_key: row.license_key === null ? null : await decryptSettingsValue(row.license_key, secret), license_token: row.license_token };
}

/** Resolves once the project's site was started with its own public URL (a pool member's relaunch). */
const onItsUrl = (projectId: string) => waitFor(`${projectId} on its URL`, async () => (await runtime.driver.instanceStatus(projectId))?.publicUrl, 120_000);

async function rawStatus(projectId: string): Promise<string> {
	const response = await fetch(`${runtime.apiUrl}/instances/${projectId}`, { headers: { authorization: `Bearer ${runtime.secret}` } });
	expect(response.status).toBe(200);
	return response.text();
}

beforeAll(async () => {
	runtime = new TestRuntime({ db, warmPoolSize: 1 });
	await runtime.start();
	await runtime.waitForPool();
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

describe("a project's licence key on its site", () => {
	test('a site just handed out from the warm pool refuses a key until it serves on its URL', async () => {
		const handedOut = await runtime.driver.ensureInstance({ projectId: 'p-lic-a', subdomain: 'lic-a', projectName: 'Licence A', admin });
		expect(handedOut.source).toBe('warm-pool');
		// The relaunch with its URL waits for the pool to be refilled first: seconds of boot.
		await expect(runtime.driver.setLicenceKey('p-lic-a', KEY)).rejects.toMatchObject({ status: 409, code: 'NOT_ON_PUBLIC_URL' });
		expect((await licenceColumns('p-lic-a')).license_key).toBeNull();
		await onItsUrl('p-lic-a');
	}, 180_000);

	test("the key reaches that site's settings only, never another site's nor a pool member's", async () => {
		await runtime.driver.ensureInstance({ projectId: 'p-lic-b', subdomain: 'lic-b', projectName: 'Licence B', admin });
		await onItsUrl('p-lic-b');
		await runtime.waitForPool();
		// Stopped, the site does not start to read the key, so the row shows what was written.
		await runtime.driver.stopInstance('p-lic-a');

		await runtime.driver.setLicenceKey('p-lic-a', KEY);

		expect(await licenceColumns('p-lic-a')).toEqual({ license_key: KEY, license_token: null });
		expect(await licenceColumns('p-lic-b')).toEqual({ license_key: null, license_token: null });
		const poolMembers = Object.values(runtimeState(runtime.dataDir).instances).filter((record) => record.kind === 'pool');
		expect(poolMembers.length).toBe(1);
		for (const member of poolMembers) expect(await licenceColumns(member.id)).toEqual({ license_key: null, license_token: null });
		expect((await runtime.driver.instanceStatus('p-lic-a'))!.state).toBe('stopped');
	}, 180_000);

	test('at its next start the site cannot validate the key here: it says so in its log, drops it and serves on the core tier', async () => {
		await runtime.driver.startInstance('p-lic-a');
		const ping = await hostRequest(runtime.routerUrl, 'lic-a.localhost', '/server/ping');
		expect(ping.status).toBe(200);
		expect(ping.body).toBe('pong');
		expect((await runtime.driver.siteTier('p-lic-a')).name).toBe('Core');
		const log = (await runtime.driver.siteLog('p-lic-a')).lines.join('\n');
		expect(log).toContain(DOWNGRADE);
		expect(log).not.toContain(KEY);
		// Directus itself removes a key it could not validate.
		expect(await licenceColumns('p-lic-a')).toEqual({ license_key: null, license_token: null });
	}, 120_000);

	test('given to a running site, the site restarts to read it and the runtime says what came of it', async () => {
		const pidBefore = (await runtime.driver.instanceStatus('p-lic-a'))!.pid;
		await runtime.driver.setLicenceKey('p-lic-a', KEY);
		const status = (await runtime.driver.instanceStatus('p-lic-a'))!;
		expect(status.state).toBe('running');
		expect(status.pid).not.toBe(pidBefore);
		expect((await hostRequest(runtime.routerUrl, 'lic-a.localhost', '/server/ping')).body).toBe('pong');
		expect(runtime.output()).toContain("p-lic-a: the site could not validate its licence key with Directus's licence server and runs on the core tier");
	}, 120_000);

	test('the key is in no answer and nothing the runtime prints; a malformed key is refused without being repeated', async () => {
		expect(await rawStatus('p-lic-a')).not.toContain(KEY);
		const list = await fetch(`${runtime.apiUrl}/instances`, { headers: { authorization: `Bearer ${runtime.secret}` } });
		expect(await list.text()).not.toContain(KEY);

		const malformed = 'has spaces in the licence key';
		const refusal = await fetch(`${runtime.apiUrl}/instances/p-lic-b/license`, {
			method: 'PUT',
			headers: { authorization: `Bearer ${runtime.secret}`, 'content-type': 'application/json' },
			body: JSON.stringify({ key: malformed }),
		});
		expect(refusal.status).toBe(400);
		const refusalText = await refusal.text();
		expect(refusalText).toContain('printable characters without spaces');
		expect(refusalText).not.toContain(malformed);
		expect(await licenceColumns('p-lic-b')).toEqual({ license_key: null, license_token: null });

		expect(runtime.output()).toContain('p-lic-a: licence key written to the site');
		expect(runtime.output()).not.toContain(KEY);
		expect(runtime.output()).not.toContain(malformed);
	});

	test('removed on request: the settings row holds no key and the site starts and serves', async () => {
		await runtime.driver.stopInstance('p-lic-a');
		await runtime.driver.setLicenceKey('p-lic-a', KEY);
		expect((await licenceColumns('p-lic-a')).license_key).toBe(KEY);
		await runtime.driver.setLicenceKey('p-lic-a', null);
		expect(await licenceColumns('p-lic-a')).toEqual({ license_key: null, license_token: null });
		expect(runtime.output()).toContain('p-lic-a: licence key removed from the site');
		await runtime.driver.startInstance('p-lic-a');
		expect((await hostRequest(runtime.routerUrl, 'lic-a.localhost', '/server/ping')).body).toBe('pong');
		expect((await runtime.driver.siteLog('p-lic-a')).lines.filter((line) => line.includes(DOWNGRADE))).toHaveLength(2);
	}, 120_000);

	test('a site with a key can be deleted; an unknown project is not found', async () => {
		await runtime.driver.stopInstance('p-lic-b');
		await runtime.driver.setLicenceKey('p-lic-b', KEY);
		await runtime.driver.deleteInstance('p-lic-b');
		expect(await runtime.driver.instanceStatus('p-lic-b')).toBeNull();
		await expect(runtime.driver.setLicenceKey('p-unknown', KEY)).rejects.toMatchObject({ status: 404 });
		expect(runtime.output()).not.toContain(KEY);
	}, 120_000);
});
