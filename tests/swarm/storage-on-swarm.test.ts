/**
 * The storage of a swarm site, whose uploads are objects under its prefix of the sites' bucket
 * rather than files of a folder: its disk usage counts them; a backup holds them; a restore brings
 * back the files deleted since and removes the ones uploaded since, from the bucket itself, and the
 * restored site comes up on the other node (the one it ran on is drained) serving the backup's
 * content; the router's storage quota weighs them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RestoreJob } from '@epic/runtime-contract';
import { siteServiceName } from '../support/swarm/site-records.ts';
import { createNotesCollection, postSiteFile, siteAsset, siteRequest, uploadSiteFile, type SiteTarget } from '../support/site-admin.ts';
import { startSwarmSites, type SwarmSites } from '../support/swarm/swarm-sites.ts';
import { runningNodeOf, setNodeAvailability } from '../support/swarm/test-swarm.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';
import { waitFor } from '../support/wait-for.ts';
import { holdForThisFile } from '../support/machine-lock.ts';

const WORKER = 'epicnode2';
const PROJECT = 'p-kept';
const admin = { email: 'kept@example.com', password: 'kept-secret-password' };
const MB = 1024 * 1024;
let swarm: SwarmSites;
let site: SiteTarget;
let prefix: string;

/** The keys under the site's prefix, read from the bucket's own server. */
async function objectKeys(): Promise<string[]> {
	const listing = await fetch(`${swarm.s3.endpoint}/${swarm.s3.bucket}?list-type=2&prefix=${prefix}`).then((response) => response.text());
	return [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!).sort();
}

async function restore(backupId: string): Promise<RestoreJob> {
	const started = await swarm.runtime.driver.startRestore(PROJECT, backupId);
	return waitFor(
		'the restore to finish',
		async () => {
			const job = await swarm.runtime.driver.restoreJob(PROJECT, started.id);
			return job.state !== 'running' ? job : null;
		},
		180_000,
	);
}

holdForThisFile('swarm');

beforeAll(async () => {
	swarm = await startSwarmSites(WORKER);
	await swarm.runtime.driver.ensureInstance({ projectId: PROJECT, subdomain: 'kept', projectName: 'Kept', admin });
	const token = await loginThroughRouter(swarm.runtime.routerUrl, 'kept.localhost', admin.email, admin.password);
	site = { routerUrl: swarm.runtime.routerUrl, host: 'kept.localhost', token };
	prefix = `sites/${(await siteServiceName(swarm.runtime, PROJECT)).replace('epic-site-', '')}/`;
	await createNotesCollection(site);
}, 600_000);

afterAll(() => swarm?.destroy(), 120_000);

describe('the storage of a swarm site', () => {
	test('its disk usage (what the storage quota weighs) counts its uploads in the bucket', async () => {
		const diskBytes = async () => (await swarm.runtime.driver.instanceStatus(PROJECT))!.diskBytes!;
		const before = await diskBytes();
		const big = await uploadSiteFile(site, 'big.bin', Buffer.alloc(MB, 7));
		const withUpload = await diskBytes();
		expect(withUpload - before).toBeGreaterThanOrEqual(1024 * 1024);
		expect(withUpload - before).toBeLessThan(2 * 1024 * 1024);
		await siteRequest(site, 'DELETE', `/files/${big}`, 204);
		expect(await objectKeys()).toEqual([]);
		expect(withUpload - (await diskBytes())).toBeGreaterThanOrEqual(1024 * 1024);
	});

	test("a restore brings back the uploads deleted since the backup and removes the ones added since, in the site's prefix, on the other node", async () => {
		const note = await siteRequest<{ data: { id: number } }>(site, 'POST', '/items/notes', 200, { title: 'before the backup' });
		const kept = await uploadSiteFile(site, 'kept.txt', Buffer.from('bytes that must come back'));
		const keysAtBackup = await objectKeys();
		expect(keysAtBackup).toHaveLength(1);

		const backup = await swarm.runtime.driver.createBackup(PROJECT, 'manual');
		expect(backup.size).toBeGreaterThan(0);

		await siteRequest(site, 'PATCH', `/items/notes/${note.data.id}`, 200, { title: 'changed after the backup' });
		await siteRequest(site, 'DELETE', `/files/${kept}`, 204);
		const added = await uploadSiteFile(site, 'added.txt', Buffer.from('uploaded after the backup'));
		expect(await siteAsset(site, kept)).toBe(403);
		expect(await objectKeys()).not.toEqual(keysAtBackup);

		const service = await siteServiceName(swarm.runtime, PROJECT);
		const ranOn = await runningNodeOf(service);
		await setNodeAvailability(ranOn, 'drain');
		let job: RestoreJob;
		try {
			job = await restore(backup.id);
		} finally {
			await setNodeAvailability(ranOn, 'active');
		}
		expect(job.state, job.error ?? '').toBe('succeeded');
		expect(await runningNodeOf(service)).not.toBe(ranOn);

		// The bucket holds the backup's objects again, and only them.
		expect(await objectKeys()).toEqual(keysAtBackup);
		// The restored database has the admin's sessions of the backup's time: sign in again.
		site = { ...site, token: await loginThroughRouter(site.routerUrl, site.host, admin.email, admin.password) };
		const restored = await siteRequest<{ data: { title: string } }>(site, 'GET', `/items/notes/${note.data.id}?fields=title`, 200);
		expect(restored.data.title).toBe('before the backup');
		expect(await siteAsset(site, kept)).toBe('bytes that must come back');
		expect(await siteAsset(site, added)).toBe(403);
	});

	test('the router refuses an upload that would take the site past its storage quota, its uploads in the bucket counted', async () => {
		const used = (await swarm.runtime.driver.instanceStatus(PROJECT))!.diskBytes!;
		const quotaMb = Math.ceil((used + 1.2 * MB) / MB);
		const room = quotaMb * MB - used;
		await swarm.runtime.driver.setSiteResources(PROJECT, { storageQuotaMb: quotaMb });

		// Leaves 0.4 MB of room, which the next upload (0.7 MB) does not fit in. Were the bucket's
		// objects not counted, the site's disk usage would not have grown, and it would.
		const firstBytes = Math.floor(room - 0.4 * MB);
		const first = await uploadSiteFile(site, 'first.bin', Buffer.alloc(firstBytes, 'f'));
		const keys = await objectKeys();
		const refused = await postSiteFile(site, 'over.bin', Buffer.alloc(0.7 * MB, 'o'));
		expect(refused.status).toBe(507);
		expect(refused.json()).toEqual({ errors: [{ message: "This project's storage is full", extensions: { code: 'STORAGE_FULL' } }] });
		expect(await objectKeys()).toEqual(keys);
		expect(String(await siteAsset(site, first))).toHaveLength(firstBytes);
	});
});
