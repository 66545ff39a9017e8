/**
 * Step 3 of a RUNTIME_SECRET rotation on a swarm (docs/swarm.md, Rotating RUNTIME_SECRET): a runtime
 * started again with a new secret, the old one as RUNTIME_SECRET_PREVIOUS, names the site whose
 * service still holds the old secret's S3 key and task token, and starts it again by itself, so its
 * new service holds the new secret's; the site serves its content before and after, and the count
 * in the scrape is 0.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { holdForThisFile } from '../support/machine-lock.ts';
import { sampleValue } from '../support/prometheus-text.ts';
import { createNotesCollection, siteRequest, type SiteTarget } from '../support/site-admin.ts';
import { siteServiceName } from '../support/swarm/site-records.ts';
import { startSwarmSites, type SwarmSites } from '../support/swarm/swarm-sites.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';
import { waitFor } from '../support/wait-for.ts';

const WORKER = 'epicnode2';
const HOST = 'rotated.localhost';
const admin = { email: 'rotated@example.com', password: 'rotated-secret-password' };
let swarm: SwarmSites;

async function sitesOnPreviousSecret(): Promise<number | null> {
	const scrape = await fetch(swarm.runtime.metricsUrl);
	expect(scrape.status).toBe(200);
	return sampleValue(await scrape.text(), 'epic_swarm_sites_on_previous_secret');
}

async function notesOf(): Promise<string[]> {
	const site: SiteTarget = { routerUrl: swarm.runtime.routerUrl, host: HOST, token: await loginThroughRouter(swarm.runtime.routerUrl, HOST, admin.email, admin.password) };
	const notes = await siteRequest<{ data: Array<{ title: string }> }>(site, 'GET', '/items/notes', 200);
	return notes.data.map((note) => note.title);
}

holdForThisFile('swarm');

beforeAll(async () => {
	swarm = await startSwarmSites(WORKER);
}, 600_000);

afterAll(() => swarm?.destroy(), 120_000);

describe('a RUNTIME_SECRET rotation on a two-node swarm', () => {
	test('the runtime starts each site still on the previous secret again, and its content stays', async () => {
		const { runtime } = swarm;
		expect((await runtime.driver.ensureInstance({ projectId: 'p-rotated', subdomain: 'rotated', projectName: 'Rotated', admin })).state).toBe('running');
		const service = await siteServiceName(runtime, 'p-rotated');
		const site: SiteTarget = { routerUrl: runtime.routerUrl, host: HOST, token: await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password) };
		await createNotesCollection(site);
		await siteRequest(site, 'POST', '/items/notes', 200, { title: 'before the rotation' });
		expect(await sitesOnPreviousSecret()).toBe(0);

		// Killed, not stopped: a stop would end the site's service, and its task must outlive the runtime.
		await runtime.kill9();
		runtime.rotateSecretAtNextStart(randomBytes(24).toString('base64url'));
		await runtime.start();
		expect(runtime.output()).toContain(`1 site service(s) still hold credentials of RUNTIME_SECRET_PREVIOUS until they start again: ${service}`);
		// Answered whether the site is still on its old task or waited for while it starts again.
		expect(await notesOf()).toEqual(['before the rotation']);

		await waitFor(
			'the runtime to say no site is left on the previous secret',
			() => runtime.output().includes('no site service holds credentials of RUNTIME_SECRET_PREVIOUS'),
			240_000,
			500,
		);
		expect(runtime.output()).toContain('p-rotated: starting its site again so its service holds credentials of RUNTIME_SECRET');
		expect(await sitesOnPreviousSecret()).toBe(0);
		expect((await runtime.driver.instanceStatus('p-rotated'))?.state).toBe('running');
		// The new task got its database password from the task gate with the new secret's token.
		expect(await notesOf()).toEqual(['before the rotation']);
	}, 480_000);
});
