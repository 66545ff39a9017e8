/**
 * Our migrations are idempotent and reversible: running `up` again changes nothing, `down` undoes
 * them, and `up` after `down` restores the same state. `down` takes the Customer role and
 * registration away, so this runs on a database of its own, prepared like the shared control
 * plane's (same client), never on the one the other files are using meanwhile.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '@epic/node-support/paths';
import { controlPlane } from '../support/api.ts';
import { PROJECT_ACTIONS_FLOW } from '../support/project-actions.ts';
import { prepareTestDatabase, type PreparedTestDatabase } from '../support/test-control-plane.ts';

/** The operation of staff's "Project actions" Flow (migration K). */
const PROJECT_ACTIONS_OPERATION = '6b2e8f14-3c7d-4a91-8e55-0f4d9a1c7e32';

interface Migration {
	up(db: Knex): Promise<void>;
	down(db: Knex): Promise<void>;
}

const MIGRATIONS_DIR = repoPath('migrations');
const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR)
	.filter((file) => file.endsWith('.mjs'))
	.sort();
let database: PreparedTestDatabase | undefined;
let db: Knex;
let migrations: Migration[];

/** JSON columns come back parsed on PostgreSQL and as text on SQLite. */
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

interface PanelRow {
	id: string;
	dashboard: string;
	type: string;
	options: unknown;
}

async function projectActionsState(database: Knex) {
	const flow = await database('directus_flows').where({ id: PROJECT_ACTIONS_FLOW }).first('description', 'options');
	const operation = await database('directus_operations').where({ id: PROJECT_ACTIONS_OPERATION }).first('options');
	return flow ? { description: flow.description, options: json(flow.options), inputs: json(operation?.options) } : null;
}

async function snapshotState(database: Knex) {
	return {
		projectActions: await projectActionsState(database),
		dashboards: await database('directus_dashboards').select('id', 'name').orderBy('id'),
		panels: ((await database('directus_panels').select('id', 'dashboard', 'type', 'options').orderBy('id')) as PanelRow[]).map((panel) => ({
			...panel,
			options: json(panel.options),
		})),
		plans: await database('subscription_plans')
			.select('id', 'price_monthly', 'price_quarterly', 'price_yearly', 'project_limit', 'backup_retention', 'site_memory_mb', 'site_cpu_shares')
			.orderBy('id'),
		roles: await database('directus_roles').where({ name: 'Customer' }).select('id'),
		policies: await database('directus_policies').where({ name: 'Customer' }).select('id', 'app_access', 'admin_access'),
		permissions: await database('directus_permissions')
			.whereIn('policy', database('directus_policies').where({ name: 'Customer' }).select('id'))
			.select('collection', 'action', 'fields')
			.orderBy(['collection', 'action']),
		settings: await database('directus_settings').select('public_registration', 'public_registration_verify_email', 'public_registration_role'),
		folders: await database('directus_folders').where({ name: 'Avatars' }).select('id', 'parent'),
		flows: await database('directus_flows')
			.join('directus_operations', 'directus_operations.id', 'directus_flows.operation')
			.where('directus_operations.type', 'dns-recheck')
			.select('directus_flows.trigger', 'directus_flows.status')
			.orderBy('directus_flows.trigger'),
		legalPages: await database('site_pages').select('slug', 'language', 'title', 'status').orderBy(['slug', 'language']),
	};
}

beforeAll(async () => {
	database = await prepareTestDatabase(controlPlane().db, 'migrations');
	db = knex(database.knexConnection);
	expect(database.knexConnection).not.toEqual(controlPlane().knexConnection);
	migrations = await Promise.all(MIGRATION_FILES.map((file) => import(path.join(MIGRATIONS_DIR, file)) as Promise<Migration>));
});

afterAll(async () => {
	await db?.destroy();
	await database?.discard();
});

describe('custom migrations', () => {
	it('seed plans with their backup retention, the Customer role, registration settings, the Avatars folder, the domain re-check Flows and the legal pages', async () => {
		const state = await snapshotState(db);
		expect(state.plans.map((plan: { id: string; backup_retention: number }) => [plan.id, plan.backup_retention])).toEqual([
			['business', 30],
			['free', 0],
			['pro', 14],
			['starter', 7],
		]);
		expect(state.roles).toHaveLength(1);
		// Migration B's two grants were both withdrawn (D and E): the Customer policy grants nothing.
		expect(state.permissions.map((p: { collection: string; action: string }) => `${p.collection}:${p.action}`)).toEqual([]);
		expect(Boolean(state.settings[0]?.public_registration)).toBe(true);
		expect(state.settings[0]?.public_registration_role).toBe(state.roles[0]?.id);
		expect(state.folders).toEqual([{ id: '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a51', parent: null }]);
		expect(state.flows).toEqual([
			{ trigger: 'manual', status: 'active' },
			{ trigger: 'schedule', status: 'active' },
		]);
		const actions = state.projectActions!;
		const actionField = actions.options.fields.find((field: { field: string }) => field.field === 'action');
		expect(actionField.meta.options.choices.map((choice: { value: string }) => choice.value)).toEqual(['suspend', 'resume', 'restart', 'back-up', 'upgrade', 'restore', 'delete']);
		expect(actions.options.fields.map((field: { field: string }) => field.field)).toEqual(['action', 'backup', 'confirm']);
		expect(actions.inputs).toEqual({
			action: '{{$trigger.body.action}}',
			projects: '{{$trigger.body.keys}}',
			backup: '{{$trigger.body.backup}}',
			confirm: '{{$trigger.body.confirm}}',
		});
		expect(state.dashboards.map((dashboard: { name: string }) => dashboard.name)).toEqual(['Platform']);
		expect(state.panels.map((panel) => `${panel.type}:${panel.options.collection}`)).toEqual([
			'metric:user_subscriptions',
			'pie-chart:projects',
			'time-series:project_daily_requests',
		]);
		expect(state.legalPages.map((page: { slug: string; language: string; status: string }) => `${page.slug}:${page.language}:${page.status}`)).toEqual([
			'privacy:en:published',
			'privacy:es:published',
			'privacy:ru:published',
			'terms:en:published',
			'terms:es:published',
			'terms:ru:published',
		]);
	});

	it('are idempotent: running up again changes nothing', async () => {
		const before = await snapshotState(db);
		for (const migration of migrations) await migration.up(db);
		expect(await snapshotState(db)).toEqual(before);
	});

	it('can be undone and redone to the same state', async () => {
		const before = await snapshotState(db);
		for (const migration of [...migrations].reverse()) await migration.down(db);
		const undone = await snapshotState(db);
		expect(undone.roles).toEqual([]);
		expect(undone.permissions).toEqual([]);
		expect(Boolean(undone.settings[0]?.public_registration)).toBe(false);
		expect(undone.folders).toEqual([]);
		expect(undone.flows).toEqual([]);
		expect(undone.projectActions).toBeNull();
		expect(undone.dashboards).toEqual([]);
		expect(undone.panels).toEqual([]);
		expect(undone.legalPages).toEqual([]);

		for (const migration of migrations) await migration.up(db);
		expect(await snapshotState(db)).toEqual(before);
	});

	it('leave a legal page staff edited when undone, and add no second text of it when redone', async () => {
		const legalPages = migrations[MIGRATION_FILES.indexOf('20990101I-legal-pages.mjs')]!;
		await db('site_pages').where({ slug: 'terms', language: 'es' }).update({ body: 'Texto de la empresa.' });
		await legalPages.down(db);
		expect(await db('site_pages').select('slug', 'language', 'body')).toEqual([{ slug: 'terms', language: 'es', body: 'Texto de la empresa.' }]);
		await legalPages.up(db);
		expect((await snapshotState(db)).legalPages).toHaveLength(6);
		expect(await db('site_pages').where({ slug: 'terms', language: 'es' }).pluck('body')).toEqual(['Texto de la empresa.']);
	});

	it('take back only their own Project actions choices and dashboard panels, leaving what staff added', async () => {
		const restoreDelete = migrations[MIGRATION_FILES.indexOf('20990102A-project-actions-restore-delete.mjs')]!;
		const dashboard = migrations[MIGRATION_FILES.indexOf('20990102B-staff-dashboard.mjs')]!;
		const before = await snapshotState(db);
		const staffChoice = { text: 'Staff note', value: 'note' };
		const edited = structuredClone(before.projectActions!.options);
		edited.fields.find((field: { field: string }) => field.field === 'action').meta.options.choices.push(staffChoice);
		await db('directus_flows')
			.where({ id: PROJECT_ACTIONS_FLOW })
			.update({ options: JSON.stringify(edited) });
		const staffPanel = {
			id: '0d6c1b7e-4a2f-4e1d-8b3c-5f6a7b8c9d01',
			dashboard: before.dashboards[0].id,
			type: 'label',
			position_x: 1,
			position_y: 30,
			width: 6,
			height: 4,
			show_header: false,
		};
		await db('directus_panels').insert(staffPanel);

		await dashboard.down(db);
		await restoreDelete.down(db);
		const undone = await snapshotState(db);
		const undoneAction = undone.projectActions!.options.fields.find((field: { field: string }) => field.field === 'action');
		expect(undoneAction.meta.options.choices.map((choice: { value: string }) => choice.value)).toEqual(['suspend', 'resume', 'restart', 'back-up', 'upgrade', 'note']);
		expect(undone.projectActions!.options.fields.map((field: { field: string }) => field.field)).toEqual(['action']);
		expect(undone.projectActions!.inputs).toEqual({ action: '{{$trigger.body.action}}', projects: '{{$trigger.body.keys}}' });
		expect(undone.dashboards).toEqual(before.dashboards);
		expect(undone.panels.map((panel) => panel.id)).toEqual([staffPanel.id]);

		await restoreDelete.up(db);
		await db('directus_panels').where({ id: staffPanel.id }).delete();
		await db('directus_dashboards').where({ id: before.dashboards[0].id }).delete();
		await dashboard.up(db);
		const redone = await snapshotState(db);
		const redoneAction = redone.projectActions!.options.fields.find((field: { field: string }) => field.field === 'action');
		expect(redoneAction.meta.options.choices.map((choice: { value: string }) => choice.value)).toEqual([
			'suspend',
			'resume',
			'restart',
			'back-up',
			'upgrade',
			'note',
			'restore',
			'delete',
		]);
		expect(redone.panels).toEqual(before.panels);
	});

	it('reset only the backup retention still as seeded when undone, and leave one staff edited', async () => {
		const retention = migrations[MIGRATION_FILES.indexOf('20990101J-plan-backup-retention.mjs')]!;
		await db('subscription_plans').where({ id: 'pro' }).update({ backup_retention: 5 });
		await retention.down(db);
		const retained = async () =>
			Object.fromEntries((await db('subscription_plans').select('id', 'backup_retention')).map((row: { id: string; backup_retention: number }) => [row.id, row.backup_retention]));
		expect(await retained()).toEqual({ business: 0, free: 0, pro: 5, starter: 0 });
		await retention.up(db);
		expect(await retained()).toEqual({ business: 30, free: 0, pro: 5, starter: 7 });
	});

	it("seed each paid plan's site memory and CPU, and when undone empty only the values still as seeded", async () => {
		const resources = migrations[MIGRATION_FILES.indexOf('20990102C-plan-site-resources.mjs')]!;
		const limits = async () =>
			Object.fromEntries(
				(await db('subscription_plans').select('id', 'site_memory_mb', 'site_cpu_shares')).map(
					(row: { id: string; site_memory_mb: number | null; site_cpu_shares: number | null }) => [
						row.id,
						row.site_memory_mb === null ? null : [Number(row.site_memory_mb), Number(row.site_cpu_shares)],
					],
				),
			);
		expect(await limits()).toEqual({ free: null, starter: [384, 512], pro: [512, 1024], business: [1024, 2048] });
		await db('subscription_plans').where({ id: 'business' }).update({ site_memory_mb: 2048 });
		await resources.down(db);
		expect(await limits()).toEqual({ free: null, starter: null, pro: null, business: [2048, 2048] });
		await resources.up(db);
		expect(await limits()).toEqual({ free: null, starter: [384, 512], pro: [512, 1024], business: [2048, 2048] });
	});
});
