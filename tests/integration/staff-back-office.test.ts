/**
 * Staff's back office in Studio, against a real runtime: each project's row carries its site's
 * state, last request, restarts and storage against its plan's quota, copied from the runtime by
 * the instance sync; the Platform
 * dashboard's panels read what Studio's Insights reads (the day's requests among them); a
 * customer's user page lists their projects, subscriptions and billing events; and the Project
 * actions Flow restores a backup and deletes a project, run as Studio runs it (POST
 * /flows/trigger/:id with the staff token), while customers are refused its trigger.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Project, ProjectCredentials } from '@epic/platform-api';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDbTimestamp } from '../../extensions/platform/src/lib/database/db-values.ts';
import { adminToken, api, controlPlane, useOwnControlPlane, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { findOrphans, instanceFolders, runtimeState } from '../support/runtime-inspection.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';
import { runProjectActions } from '../support/project-actions.ts';
import { readUntil } from '../support/wait-for.ts';

/** Staff's Insights dashboard (migrations/20990102B-staff-dashboard.mjs). */
const PLATFORM_DASHBOARD = '8c4d2e6a-1f3b-4c5d-9e7f-2a1b3c4d5e61';

let runtime: TestRuntime;
let own: RunningTestControlPlane;
let db: Knex;
let admin: string;
let owner: TestCustomer;
let stranger: TestCustomer;
let project: { id: string; subdomain: string };

interface SyncedRow {
	instance_state: string | null;
	last_request_at: string | null;
	restarts: number | null;
	directus_version: string | null;
	upgrade_failure: string | null;
}

/** A customer's user page as Studio reads it: `/users/{id}` with the lists below. */
interface UserPage {
	projects: { id: string; subdomain: string }[];
	subscriptions: { plan: string; status: string }[];
	billing_events: { id: string; status: string }[];
}

interface Panel {
	name: string;
	type: string;
	options: Record<string, unknown>;
}

async function syncedRow(): Promise<SyncedRow> {
	const row = await db('projects').select('instance_state', 'last_request_at', 'restarts', 'directus_version', 'upgrade_failure').where({ id: project.id }).first();
	return {
		instance_state: row.instance_state,
		last_request_at: fromDbTimestamp(row.last_request_at),
		restarts: row.restarts === null ? null : Number(row.restarts),
		directus_version: row.directus_version,
		upgrade_failure: row.upgrade_failure,
	};
}

/** Polls the project's row until `done` holds or the time is up (the sync runs every second here); returns the last read. */
function syncedRowWhen(done: (row: SyncedRow) => boolean, timeoutMs = 20_000): Promise<SyncedRow> {
	return readUntil(syncedRow, done, timeoutMs, 200);
}

async function storedRequests(day: string): Promise<number | null> {
	const row = await db('project_daily_requests')
		.where({ id: `${day}_${project.id}` })
		.first('requests');
	return row ? Number(row.requests) : null;
}

const runActions = (token: string, body: Record<string, unknown>, keys: string[] = [project.id]) => runProjectActions(token, keys, body);

/** The owner's site's own Directus, as its admin, through the router. */
async function siteAdminToken(): Promise<string> {
	const { admin_email, admin_password } = (await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: owner.token })).body.data;
	return loginThroughRouter(runtime.routerUrl, `${project.subdomain}.localhost`, admin_email, admin_password);
}

async function siteName(): Promise<string> {
	const response = await hostRequest(runtime.routerUrl, `${project.subdomain}.localhost`, '/settings', { headers: { authorization: `Bearer ${await siteAdminToken()}` } });
	expect(response.status, response.body).toBe(200);
	return response.json().data.project_name;
}

async function renameSite(name: string): Promise<void> {
	const body = jsonBody({ project_name: name });
	const response = await hostRequest(runtime.routerUrl, `${project.subdomain}.localhost`, '/settings', {
		method: 'PATCH',
		body: body.body,
		headers: { ...body.headers, authorization: `Bearer ${await siteAdminToken()}` },
	});
	expect(response.status, response.body).toBe(200);
}

/**
 * The query Studio's Insights sends for a panel, built from the panel's options the way Directus
 * 12.4's panel types build it (the `query` of its metric, pie-chart and time-series panels), as
 * one aliased GraphQL field on /graphql with the filter as a variable.
 */
function insightsQuery(panel: Panel): { collection: string; group: string[]; aggregate: Record<string, string[]>; filter: Record<string, unknown> } {
	const options = panel.options as Record<string, string> & { filter?: Record<string, unknown> };
	if (panel.type === 'metric') {
		return { collection: options.collection!, group: [], aggregate: { [options.function!]: [options.field!] }, filter: options.filter ?? {} };
	}
	if (panel.type === 'pie-chart') {
		return { collection: options.collection!, group: [options.column!], aggregate: { [options.function!]: [options.column!] }, filter: options.filter ?? {} };
	}
	const date = options.dateField!;
	const parts = { day: ['year', 'month', 'day'], month: ['year', 'month'] }[options.precision as 'day' | 'month'];
	return {
		collection: options.collection!,
		group: parts.map((part) => `${part}(${date})`),
		aggregate: { [options.function!]: [options.valueField!] },
		filter: { _and: [options.filter ?? {}, { [date]: { _gte: `$NOW(-${options.range})` } }, { [date]: { _lte: '$NOW' } }] },
	};
}

async function runPanel(panel: Panel): Promise<Record<string, unknown>[]> {
	const { collection, group, aggregate, filter } = insightsQuery(panel);
	const selection = Object.entries(aggregate)
		.map(([fn, fields]) => `${fn} { ${fields.join(' ')} }`)
		.join(' ');
	// As Studio does: a groupBy, and the group asked for, only for a panel that groups.
	const grouping = group.length > 0 ? { args: `, groupBy: ${JSON.stringify(group)}`, field: 'group ' } : { args: '', field: '' };
	const query = `query ($filter: ${collection}_filter) { panel: ${collection}_aggregated(filter: $filter${grouping.args}, limit: -1) { ${grouping.field}${selection} } }`;
	const answer = await api<Data<{ panel: Record<string, unknown>[] }> & { errors?: unknown[] }>('POST', '/graphql', { token: admin, body: { query, variables: { filter } } });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	expect(answer.body.errors, JSON.stringify(answer.body)).toBeUndefined();
	return answer.body.data.panel;
}

beforeAll(async () => {
	const database = controlPlane().db;
	runtime = new TestRuntime({ db: database, warmPoolSize: 1 });
	await runtime.start();
	own = await bootTestControlPlane(database, {
		label: 'back-office',
		env: { RUNTIME_URL: runtime.apiUrl, RUNTIME_SECRET: runtime.secret, PUBLIC_HOST: 'localhost' },
		// The sync every second, so the tests wait seconds for what staff see within 30.
		directusEnv: { INSTANCE_SYNC_SCHEDULE: '* * * * * *' },
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	db = knex(own.knexConnection);
	admin = await adminToken();
	[owner, stranger] = await Promise.all([registerVerifiedCustomer('back-office-owner'), registerVerifiedCustomer('back-office-stranger')]);
	await subscribeInSandbox(owner);
	project = await publishedProject(owner, 'studio');
}, 300_000);

afterAll(async () => {
	await db?.destroy();
	await own?.stop();
	await runtime?.destroy();
});

describe("the projects' sites in Studio", () => {
	it("keep each project's instance state, last request, restarts, Directus version and upgrade failure, read-only, from the runtime", async () => {
		for (let request = 0; request < 3; request += 1) {
			expect((await hostRequest(runtime.routerUrl, `${project.subdomain}.localhost`, '/server/ping')).body).toBe('pong');
		}
		const status = await runtime.driver.instanceStatus(project.id);
		expect(status).toMatchObject({ state: 'running', restarts: 0 });
		const synced = await syncedRowWhen((row) => row.last_request_at === status!.lastRequestAt);
		const expected = { instance_state: 'running', last_request_at: status!.lastRequestAt, restarts: 0, directus_version: status!.directusVersion, upgrade_failure: null };
		expect(status!.directusVersion).toMatch(/^\d+\.\d+\.\d+$/);
		expect(synced).toEqual(expected);

		// As Studio reads them, and not editable there.
		const item = await api<Data<SyncedRow>>('GET', `/items/projects/${project.id}?fields=instance_state,last_request_at,restarts,directus_version,upgrade_failure`, {
			token: admin,
		});
		expect(item.body.data).toEqual(expected);
		const fields = await api<{ data: { field: string; meta: { readonly: boolean } }[] }>('GET', '/fields/projects', { token: admin });
		const meta = Object.fromEntries(fields.body.data.map((field) => [field.field, field.meta]));
		for (const field of ['instance_state', 'last_request_at', 'restarts', 'directus_version', 'upgrade_failure']) expect(meta[field]?.readonly, field).toBe(true);

		// The site's process dies; the runtime restarts it and counts it, and Studio shows the count.
		// The wait covers a boot on a CI machine that builds the stack's images meanwhile (a minute and more).
		process.kill(status!.pid!, 'SIGKILL');
		const restarted = await syncedRowWhen((row) => row.restarts === 1 && row.instance_state === 'running', 120_000);
		expect(restarted).toMatchObject({ instance_state: 'running', restarts: 1 });
		expect(await runtime.driver.instanceStatus(project.id)).toMatchObject({ state: 'running', restarts: 1 });
	}, 180_000);

	it("keep each site's storage against its plan's quota, read-only, as the runtime measured it", async () => {
		// The sync measures a project it never measured on its first run after the site exists.
		const read = () => db('projects').select('storage_used_mb', 'storage_quota_mb', 'storage_measured_at').where({ id: project.id }).first();
		const row = await readUntil(read, (now) => now.storage_measured_at !== null, 20_000, 200);
		const now = await runtime.driver.instanceStatus(project.id);
		expect(fromDbTimestamp(row.storage_measured_at)).not.toBeNull();
		// The site's log and database only grow: what was copied is at most what the runtime measures now.
		const usedMb = Number(row.storage_used_mb);
		expect(usedMb).toBeGreaterThan(0);
		expect(usedMb).toBeLessThanOrEqual(Math.round((now!.diskBytes! / (1024 * 1024)) * 10) / 10);
		// The Pro plan's site_storage_quota_mb, as the runtime holds it for the site.
		expect(now!.resources?.storageQuotaMb).toBe(5120);
		expect(Number(row.storage_quota_mb)).toBe(5120);

		const fields = await api<{ data: { field: string; meta: { readonly: boolean } }[] }>('GET', '/fields/projects', { token: admin });
		const meta = Object.fromEntries(fields.body.data.map((field) => [field.field, field.meta]));
		for (const field of ['storage_used_mb', 'storage_quota_mb', 'storage_measured_at']) expect(meta[field]?.readonly, field).toBe(true);
	}, 60_000);

	it("feed the Platform dashboard, whose panels read active subscriptions, projects by state and the day's requests", async () => {
		const today = new Date().toISOString().slice(0, 10);
		expect((await hostRequest(runtime.routerUrl, `${project.subdomain}.localhost`, '/server/ping')).body).toBe('pong');
		const [counted] = await runtime.driver.usage(today, project.id);
		expect(counted?.requests).toBeGreaterThanOrEqual(4);
		expect(
			await readUntil(
				() => storedRequests(today),
				(stored) => stored === counted!.requests,
				20_000,
				200,
			),
		).toBe(counted!.requests);

		const dashboard = await api<Data<{ name: string }>>('GET', `/dashboards/${PLATFORM_DASHBOARD}?fields=name`, { token: admin });
		expect(dashboard.body.data).toEqual({ name: 'Platform' });
		const panels = (
			await api<{ data: Panel[] }>('GET', `/panels?filter[dashboard][_eq]=${PLATFORM_DASHBOARD}&fields=name,type,options&sort=position_y,position_x`, { token: admin })
		).body.data;
		expect(panels.map((panel) => [panel.name, panel.type, panel.options['collection']])).toEqual([
			['Active subscriptions', 'metric', 'user_subscriptions'],
			['Projects by state', 'pie-chart', 'projects'],
			['Requests per day', 'time-series', 'project_daily_requests'],
		]);
		const [subscriptions, states, requests] = panels as [Panel, Panel, Panel];
		expect(subscriptions.options).toMatchObject({ field: 'id', function: 'count', filter: { _and: [{ status: { _in: ['active', 'trialing'] } }] } });
		expect(states.options).toMatchObject({ column: 'status', function: 'count' });
		expect(requests.options).toMatchObject({ dateField: 'day', valueField: 'requests', function: 'sum', precision: 'day', range: '1 month' });

		// The owner's subscription; the stranger has none.
		expect(await runPanel(subscriptions)).toEqual([{ count: { id: 1 } }]);
		expect(await runPanel(states)).toEqual([{ group: { status: 'published' }, count: { status: 1 } }]);
		const [year, month, day] = today.split('-').map(Number);
		const perDay = (await runPanel(requests)) as { group: Record<string, unknown>; sum: unknown }[];
		// PostgreSQL gives the date parts as numeric strings, SQLite as numbers; Studio reads either.
		expect(perDay.map((entry) => ({ ...entry, group: Object.fromEntries(Object.entries(entry.group).map(([part, value]) => [part, Number(value)])) }))).toEqual([
			{ group: { day_year: year, day_month: month, day_day: day }, sum: { requests: counted!.requests } },
		]);
	}, 60_000);
});

describe("a customer's user page in Studio", () => {
	it("lists their projects, subscriptions and billing events, and nobody else's", async () => {
		const fields = await api<{ data: { field: string; meta: { interface: string; special: string[]; readonly: boolean } }[] }>('GET', '/fields/directus_users', {
			token: admin,
		});
		for (const name of ['projects', 'subscriptions', 'billing_events']) {
			expect(fields.body.data.find((field) => field.field === name)?.meta, name).toMatchObject({ interface: 'list-o2m', special: ['o2m'], readonly: true });
		}

		const lists = 'projects.id,projects.subdomain,subscriptions.plan,subscriptions.status,billing_events.id,billing_events.status';
		const page = (await api<Data<UserPage>>('GET', `/users/${owner.id}?fields=${lists}`, { token: admin })).body.data;
		expect(page.projects).toEqual([{ id: project.id, subdomain: project.subdomain }]);
		expect(page.subscriptions).toEqual([{ plan: 'pro', status: 'active' }]);
		// Every event the checkout caused, linked by the pipeline, processed.
		const events = (await db('billing_events').where({ user: owner.id }).pluck('id')) as string[];
		expect(events.length).toBeGreaterThan(0);
		expect(page.billing_events.map((event: { id: string }) => event.id).sort()).toEqual([...events].sort());
		expect(page.billing_events.every((event: { status: string }) => event.status === 'processed')).toBe(true);

		expect((await api<Data<UserPage>>('GET', `/users/${stranger.id}?fields=${lists}`, { token: admin })).body.data).toEqual({
			projects: [],
			subscriptions: [],
			billing_events: [],
		});
	});
});

describe("the Project actions Flow's restore and delete", () => {
	it('restores a backup of one project, listing its backups when none is named, and refuses customers', async () => {
		await renameSite('Kept by the backup');
		const backedUp = await runActions(admin, { action: 'back-up' });
		expect(backedUp.body).toEqual({ action: 'back-up', done: [project.id], skipped: [], failed: [] });
		const [backup] = await runtime.driver.listBackups(project.id);
		expect(backup).toBeDefined();
		await renameSite('Changed after the backup');

		// Studio shows no backups: a restore without one answers with the project's list.
		const unnamed = await runActions(admin, { action: 'restore' });
		expect(unnamed.body).toEqual({
			error: "Give the id of the backup to restore, such as 20260131T120000000Z-0a1b2c3d: the project's backups are listed under backups",
			backups: [{ id: backup!.id, kind: 'manual', created_at: backup!.createdAt, size: backup!.size }],
		});
		expect((await runActions(admin, { action: 'restore', backup: backup!.id }, [project.id, randomUUID()])).body).toEqual({
			error: 'Restore one project at a time: a backup belongs to one project',
		});
		const missing = await runActions(admin, { action: 'restore', backup: '20200101T000000000Z-00000000' });
		expect(missing.body).toEqual({ action: 'restore', done: [], skipped: [], failed: [{ project: project.id, error: 'Backup not found' }] });
		// A customer may not run it, even on their own project and backup.
		expect((await runActions(owner.token, { action: 'restore', backup: backup!.id })).status).toBe(403);
		expect(await siteName()).toBe('Changed after the backup');

		const restored = await runActions(admin, { action: 'restore', backup: backup!.id });
		expect(restored.status, JSON.stringify(restored.body)).toBe(200);
		expect(restored.body).toEqual({ action: 'restore', done: [project.id], skipped: [], failed: [] });
		expect(await siteName()).toBe('Kept by the backup');
		expect((await db('projects').where({ id: project.id }).first('status')).status).toBe('published');
		// The runtime's safety backup from before the restore is there too.
		expect((await runtime.driver.listBackups(project.id)).map((entry) => entry.kind).sort()).toEqual(['manual', 'safety']);
	}, 180_000);

	it('deletes a project with its site and data only when the dialog says delete, as its owner deleting it would', async () => {
		const folder = path.basename(runtimeState(runtime.dataDir).instances[project.id]!.dir);
		const [counted] = await db('project_daily_requests').where({ project: project.id }).count({ rows: '*' });
		expect(Number(counted!.rows)).toBeGreaterThan(0);

		expect((await runActions(admin, { action: 'delete' })).body).toEqual({
			error: 'Type delete in the confirmation field to delete the selected projects with their sites and data',
		});
		expect((await runActions(owner.token, { action: 'delete', confirm: 'delete' })).status).toBe(403);
		expect(await db('projects').where({ id: project.id }).pluck('id')).toEqual([project.id]);
		expect((await runtime.driver.instanceStatus(project.id))?.state).toBe('running');

		const deleted = await runActions(admin, { action: 'delete', confirm: 'delete' });
		expect(deleted.body).toEqual({ action: 'delete', done: [project.id], skipped: [], failed: [] });
		expect(await db('projects').where({ id: project.id })).toEqual([]);
		expect(await db('project_daily_requests').where({ project: project.id })).toEqual([]);
		expect(await runtime.driver.instanceStatus(project.id)).toBeNull();
		expect(instanceFolders(runtime.dataDir)).not.toContain(folder);
		expect(findOrphans(runtime.dataDir)).toEqual({ processes: [], folders: [] });
		expect((await hostRequest(runtime.routerUrl, `${project.subdomain}.localhost`, '/server/ping')).status).toBe(404);
		expect((await api<Data<Project[]>>('GET', '/projects', { token: owner.token })).body.data).toEqual([]);
	}, 60_000);
});
