/**
 * Copies (docs/product.md, Copies) against a real runtime: the owner writes a collection and an item
 * in a site, backs it up and duplicates it; the copy is provisioned for real and restored from that
 * backup, so the item is in the copy; the copy's own admin credentials (from the control plane) sign
 * in to it and the source's do not; an item written in the copy leaves the source as it was. The
 * latest backup is taken when the source has none. A full plan is refused with nothing created, and
 * another customer gets 404 for the project and for its backup with nothing created.
 */
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project, ProjectBackup, ProjectCredentials } from '@epic/platform-api';
import { api, type ApiError, type ApiResponse } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import type { ControlPlaneHandle } from '../support/test-control-plane.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';
import { readUntil } from '../support/wait-for.ts';

let stack: WorkerJourneyStack;
let runtime: WorkerJourneyStack['runtime'];
let own: ControlPlaneHandle;
let db: Knex;
let owner: TestCustomer;
let stranger: TestCustomer;
let full: TestCustomer;
let source: { id: string; subdomain: string };
let backup: ProjectBackup;
let copy: Project;

function expectRefusal(response: ApiResponse<unknown>, status: number, code: string, label: string): string {
	expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(status);
	const error = (response.body as ApiError).errors[0]!;
	expect(error.extensions.code, label).toBe(code);
	return error.message;
}

const host = (subdomain: string) => `${subdomain}.localhost`;

async function credentialsOf(customer: TestCustomer, projectId: string): Promise<ProjectCredentials> {
	const response = await api<{ data: ProjectCredentials }>('GET', `/projects/${projectId}/credentials`, { token: customer.token });
	expect(response.status, JSON.stringify(response.body)).toBe(200);
	return response.body.data;
}

async function adminToken(subdomain: string, credentials: ProjectCredentials): Promise<string> {
	return loginThroughRouter(runtime.routerUrl, host(subdomain), credentials.admin_email, credentials.admin_password);
}

async function site(subdomain: string, token: string, method: string, path: string, body?: unknown) {
	const response = await hostRequest(runtime.routerUrl, host(subdomain), path, {
		method,
		...(body === undefined ? {} : jsonBody(body)),
		headers: { ...(body === undefined ? {} : jsonBody(body).headers), authorization: `Bearer ${token}` },
	});
	expect(response.status, `${method} ${path} on ${subdomain}: ${response.body}`).toBeLessThan(300);
	return response.json<{ data: unknown }>().data;
}

async function noteTexts(subdomain: string, token: string): Promise<string[]> {
	const notes = (await site(subdomain, token, 'GET', '/items/notes?sort=id&fields=text')) as { text: string }[];
	return notes.map((note) => note.text);
}

/** Polls the project until provisioning has finished one way or the other. */
function whenSettled(customer: TestCustomer, id: string): Promise<Project> {
	const read = async () => (await api<{ data: Project }>('GET', `/projects/${id}`, { token: customer.token })).body.data;
	return readUntil(read, (project) => ['published', 'failed'].includes(project.status), 180_000);
}

const projectRows = () => db('projects').select('id').orderBy('id');

beforeAll(async () => {
	stack = workerJourneyStack();
	({ runtime, controlPlane: own } = stack);
	db = knex(own.knexConnection);
	[owner, stranger, full] = await Promise.all([registerVerifiedCustomer('copy-owner'), registerVerifiedCustomer('copy-stranger'), registerVerifiedCustomer('copy-full')]);
	await Promise.all([subscribeInSandbox(owner, 'business'), subscribeInSandbox(stranger, 'pro'), subscribeInSandbox(full, 'starter')]);
	source = await publishedProject(owner, 'original');
}, 400_000);

afterAll(async () => {
	await db?.destroy();
	await stack?.stopSites();
});

describe('copies', () => {
	it('copies what the source holds into a new project of its own, with its own admin credentials', async () => {
		const sourceToken = await adminToken(source.subdomain, await credentialsOf(owner, source.id));
		await site(source.subdomain, sourceToken, 'POST', '/collections', {
			collection: 'notes',
			schema: {},
			fields: [
				{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: { hidden: true } },
				{ field: 'text', type: 'string' },
			],
		});
		await site(source.subdomain, sourceToken, 'POST', '/items/notes', { text: 'written in the source' });
		const created = await api<{ data: ProjectBackup }>('POST', `/projects/${source.id}/backups`, { token: owner.token });
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		backup = created.body.data;

		const subdomain = `staging-${source.subdomain}`;
		const duplicated = await api<{ data: Project }>('POST', `/projects/${source.id}/duplicate`, {
			token: owner.token,
			body: { name: 'Staging', subdomain, backup_id: backup.id },
		});
		expect(duplicated.status, JSON.stringify(duplicated.body)).toBe(201);
		expect(duplicated.body.data).toMatchObject({ name: 'Staging', subdomain, copy_of: source.id });
		expect(duplicated.body.data.id).not.toBe(source.id);
		copy = await whenSettled(owner, duplicated.body.data.id);
		expect(copy.status, copy.failure_reason ?? '').toBe('published');
		expect(copy.steps.find((step) => step.name === 'database')?.detail).toBe(`The data of original (backup ${backup.id}) was copied into the site`);

		const sourceCredentials = await credentialsOf(owner, source.id);
		const copyCredentials = await credentialsOf(owner, copy.id);
		expect(copyCredentials.admin_password).not.toBe(sourceCredentials.admin_password);
		const copyToken = await adminToken(copy.subdomain, copyCredentials);
		expect(await noteTexts(copy.subdomain, copyToken)).toEqual(['written in the source']);
		// The copy's own name, not the source's.
		expect(((await site(copy.subdomain, copyToken, 'GET', '/settings')) as { project_name: string }).project_name).toBe('Staging');
		await expect(loginThroughRouter(runtime.routerUrl, host(copy.subdomain), sourceCredentials.admin_email, sourceCredentials.admin_password)).rejects.toThrow(
			/Login to .* failed \(401\)/,
		);
	}, 300_000);

	it('leaves the source as it was when the copy is written to', async () => {
		const copyToken = await adminToken(copy.subdomain, await credentialsOf(owner, copy.id));
		await site(copy.subdomain, copyToken, 'POST', '/items/notes', { text: 'written in the copy' });
		expect(await noteTexts(copy.subdomain, copyToken)).toEqual(['written in the source', 'written in the copy']);
		const sourceToken = await adminToken(source.subdomain, await credentialsOf(owner, source.id));
		expect(await noteTexts(source.subdomain, sourceToken)).toEqual(['written in the source']);
	}, 300_000);

	it('takes the source’s newest backup without a chosen one, and takes one first when it has none', async () => {
		const fresh = await publishedProject(owner, 'fresh');
		expect(await runtime.driver.listBackups(fresh.id)).toEqual([]);
		const duplicated = await api<{ data: Project }>('POST', `/projects/${fresh.id}/duplicate`, {
			token: owner.token,
			body: { name: 'Fresh copy', subdomain: `copy-${fresh.subdomain}` },
		});
		expect(duplicated.status, JSON.stringify(duplicated.body)).toBe(201);
		const settled = await whenSettled(owner, duplicated.body.data.id);
		expect(settled.status, settled.failure_reason ?? '').toBe('published');
		const [taken] = await runtime.driver.listBackups(fresh.id);
		expect(taken?.kind).toBe('manual');
		expect(settled.steps.find((step) => step.name === 'database')?.detail).toBe(`The data of fresh (backup ${taken!.id}) was copied into the site`);
		const row = await db('projects').first('copy_of', 'copy_backup').where({ id: settled.id });
		expect(row).toEqual({ copy_of: fresh.id, copy_backup: taken!.id });
	}, 300_000);

	it('refuses a copy past the plan’s allowance, creating nothing and taking no backup', async () => {
		const only = await publishedProject(full, 'only');
		const before = await projectRows();
		const message = expectRefusal(
			await api('POST', `/projects/${only.id}/duplicate`, { token: full.token, body: { name: 'Second', subdomain: `second-${only.subdomain}` } }),
			403,
			'PROJECT_LIMIT_REACHED',
			'starter full',
		);
		expect(message).toMatch(/allows 1 project\b/);
		expect(await projectRows()).toEqual(before);
		expect(await runtime.driver.listBackups(only.id)).toEqual([]);
	}, 300_000);

	it('answers another customer 404 for the project and its backup, creating nothing', async () => {
		const before = await projectRows();
		const body = { name: 'Stolen', subdomain: `stolen-${source.subdomain}` };
		expectRefusal(await api('POST', `/projects/${source.id}/duplicate`, { token: stranger.token, body }), 404, 'PROJECT_NOT_FOUND', 'latest');
		expectRefusal(
			await api('POST', `/projects/${source.id}/duplicate`, { token: stranger.token, body: { ...body, backup_id: backup.id } }),
			404,
			'PROJECT_NOT_FOUND',
			'chosen backup',
		);
		// The stranger's own project with the owner's backup id: the backup is not theirs.
		const theirs = await publishedProject(stranger, 'theirs');
		const afterTheirs = await projectRows();
		expectRefusal(
			await api('POST', `/projects/${theirs.id}/duplicate`, { token: stranger.token, body: { ...body, backup_id: backup.id } }),
			404,
			'BACKUP_NOT_FOUND',
			'another project’s backup',
		);
		expect(await projectRows()).toEqual(afterTheirs);
		expect(afterTheirs).toHaveLength(before.length + 1);
		expect(await runtime.driver.listBackups(theirs.id)).toEqual([]);
	}, 300_000);

	it('refuses without a token and with a backup id that cannot be one', async () => {
		const body = { name: 'Nope', subdomain: `nope-${source.subdomain}` };
		expectRefusal(await api('POST', `/projects/${source.id}/duplicate`, { body }), 401, 'NOT_AUTHENTICATED', 'no token');
		expectRefusal(await api('POST', `/projects/${source.id}/duplicate`, { token: owner.token, body: { ...body, backup_id: '../x' } }), 404, 'BACKUP_NOT_FOUND', 'bad id');
		expectRefusal(
			await api('POST', `/projects/${source.id}/duplicate`, { token: owner.token, body: { name: 'Nope', subdomain: 'Not a subdomain!' } }),
			400,
			'INVALID_PAYLOAD',
			'bad subdomain',
		);
		expect(await db('projects').where({ name: 'Nope' })).toEqual([]);
	}, 300_000);
});
