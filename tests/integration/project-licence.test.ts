/**
 * A project's Directus licence key (docs/product.md, Directus tier) with a real runtime: the owner
 * saves a key, the control plane stores it encrypted (not the plaintext) and says only
 * `licence_key_set`; the site gets it and, unable to reach Directus's licence server here, says so
 * in its log and serves on the core tier; the key is in no answer, no log of the control plane
 * nor of the runtime; a malformed key is refused and nothing is stored; a stranger can neither
 * set nor remove one; removal takes it off the site, and deleting the project takes it off the
 * site before the site goes.
 */
import { LICENCE_KEY_MESSAGE, type Project, type ProjectLogChunk } from '@epic/platform-api';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, controlPlane, useOwnControlPlane, type ApiError } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { waitFor } from '../support/wait-for.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { TestRuntime } from '../support/test-runtime.ts';

const KEY = 'DLK-integration-5c1e0b7d93aa-never-in-an-answer';
const DOWNGRADE = 'Unable to validate the license key from the database, downgrading to core tier.';

let runtime: TestRuntime;
let own: RunningTestControlPlane;
let db: Knex;
let owner: TestCustomer;
let stranger: TestCustomer;
let project: { id: string; subdomain: string };

const storedColumns = async () =>
	(await db('projects').first('licence_key', 'licence_key_pending').where({ id: project.id })) as { licence_key: string | null; licence_key_pending: unknown };

/** Every answer the owner can read about the project, as text. */
async function everythingTheOwnerReads(): Promise<string> {
	const answers = await Promise.all(
		[`/projects/${project.id}`, '/projects', `/projects/${project.id}/tier`, `/projects/${project.id}/logs`].map((path) => api('GET', path, { token: owner.token })),
	);
	for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answers.map((answer) => JSON.stringify(answer.body)).join('\n');
}

beforeAll(async () => {
	runtime = new TestRuntime({ db: controlPlane().db, warmPoolSize: 1 });
	await runtime.start();
	own = await bootTestControlPlane(controlPlane().db, {
		label: 'licence',
		env: { RUNTIME_URL: runtime.apiUrl, RUNTIME_SECRET: runtime.secret, PUBLIC_HOST: 'localhost' },
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	db = knex(own.knexConnection);
	[owner, stranger] = await Promise.all([registerVerifiedCustomer('licence-owner'), registerVerifiedCustomer('licence-stranger')]);
	await subscribeInSandbox(owner);
	project = await publishedProject(owner, 'licence');
	// Handed out from the warm pool, the site is relaunched on its URL just after publication.
	await waitFor('the site on its URL', async () => (await runtime.driver.instanceStatus(project.id))?.publicUrl, 120_000);
}, 300_000);

afterAll(async () => {
	await db?.destroy();
	await own?.stop();
	await runtime?.destroy();
});

describe("a project's licence key", () => {
	it('refuses a malformed key without repeating it, and a stranger cannot set or remove one', async () => {
		for (const key of ['short', 'has spaces in it', 'x'.repeat(513), 12345678]) {
			const refused = await api<ApiError>('PUT', `/projects/${project.id}/licence`, { token: owner.token, body: { key } });
			expect(refused.status, String(key)).toBe(400);
			expect(refused.body.errors[0].message).toBe(LICENCE_KEY_MESSAGE);
		}
		const missing = await api('PUT', `/projects/${project.id}/licence`, { token: owner.token, body: {} });
		expect(missing.status).toBe(400);

		const theirs = await api<ApiError>('PUT', `/projects/${project.id}/licence`, { token: stranger.token, body: { key: KEY } });
		expect(theirs.status).toBe(404);
		expect(theirs.body.errors[0].extensions.code).toBe('PROJECT_NOT_FOUND');
		expect((await api('DELETE', `/projects/${project.id}/licence`, { token: stranger.token })).status).toBe(404);
		expect(await storedColumns()).toMatchObject({ licence_key: null });
	});

	it('stores the key encrypted, gives it to the site and shows the owner only that one is set', async () => {
		const saved = await api<{ data: Project }>('PUT', `/projects/${project.id}/licence`, { token: owner.token, body: { key: `  ${KEY}\n` } });
		expect(saved.status, JSON.stringify(saved.body)).toBe(200);
		expect(saved.body.data.licence_key_set).toBe(true);
		expect(JSON.stringify(saved.body)).not.toContain(KEY);

		const stored = await storedColumns();
		expect(stored.licence_key).toMatch(/^v1:/);
		expect(stored.licence_key).not.toContain(KEY);
		expect(Boolean(stored.licence_key_pending)).toBe(false);

		const read = await api<{ data: Project }>('GET', `/projects/${project.id}`, { token: owner.token });
		expect(read.body.data.licence_key_set).toBe(true);
		expect(runtime.output()).toContain(`${project.id}: licence key written to the site's settings`);
		expect(runtime.output()).toContain(`${project.id}: the site could not validate its licence key with Directus's licence server and runs on the core tier`);
		const log = await api<{ data: ProjectLogChunk }>('GET', `/projects/${project.id}/logs`, { token: owner.token });
		expect(log.body.data.lines.some((line) => line.includes(DOWNGRADE))).toBe(true);

		expect(await everythingTheOwnerReads()).not.toContain(KEY);
		expect(own.output()).not.toContain(KEY);
		expect(runtime.output()).not.toContain(KEY);
	}, 120_000);

	it('removes the key from the site and the project on request', async () => {
		const removed = await api<{ data: Project }>('DELETE', `/projects/${project.id}/licence`, { token: owner.token });
		expect(removed.status, JSON.stringify(removed.body)).toBe(200);
		expect(removed.body.data.licence_key_set).toBe(false);
		expect(await storedColumns()).toMatchObject({ licence_key: null });
		expect(runtime.output()).toContain(`${project.id}: licence key removed from the site`);
	}, 120_000);

	it('takes the key off the site before the project and its site are deleted', async () => {
		expect((await api('PUT', `/projects/${project.id}/licence`, { token: owner.token, body: { key: KEY } })).status).toBe(200);
		const removalsBefore = runtime.output().split(`${project.id}: licence key removed from the site`).length;
		expect((await api('DELETE', `/projects/${project.id}`, { token: owner.token })).status).toBe(204);
		expect(runtime.output().split(`${project.id}: licence key removed from the site`).length).toBe(removalsBefore + 1);
		expect(await runtime.driver.instanceStatus(project.id)).toBeNull();
		expect(own.output()).not.toContain(KEY);
		expect(runtime.output()).not.toContain(KEY);
	}, 120_000);
});
