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
import { prepareTestDatabase, type PreparedTestDatabase } from '../support/test-control-plane.ts';

interface Migration {
	up(db: Knex): Promise<void>;
	down(db: Knex): Promise<void>;
}

const MIGRATIONS_DIR = repoPath('migrations');
const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.mjs')).sort();
let database: PreparedTestDatabase | undefined;
let db: Knex;
let migrations: Migration[];

async function snapshotState(database: Knex) {
	return {
		plans: await database('subscription_plans').select('id', 'price_monthly', 'price_quarterly', 'price_yearly', 'project_limit', 'backup_retention').orderBy('id'),
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
		expect(state.permissions.map((p: { collection: string; action: string }) => `${p.collection}:${p.action}`)).toEqual([
			'subscription_plans:read',
		]);
		expect(Boolean(state.settings[0]?.public_registration)).toBe(true);
		expect(state.settings[0]?.public_registration_role).toBe(state.roles[0]?.id);
		expect(state.folders).toEqual([{ id: '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a51', parent: null }]);
		expect(state.flows).toEqual([
			{ trigger: 'manual', status: 'active' },
			{ trigger: 'schedule', status: 'active' },
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
		expect(undone.legalPages).toEqual([]);

		for (const migration of migrations) await migration.up(db);
		expect(await snapshotState(db)).toEqual(before);
	});

	it("leave a legal page staff edited when undone, and add no second text of it when redone", async () => {
		const legalPages = migrations[MIGRATION_FILES.indexOf('20990101I-legal-pages.mjs')]!;
		await db('site_pages').where({ slug: 'terms', language: 'es' }).update({ body: 'Texto de la empresa.' });
		await legalPages.down(db);
		expect(await db('site_pages').select('slug', 'language', 'body')).toEqual([{ slug: 'terms', language: 'es', body: 'Texto de la empresa.' }]);
		await legalPages.up(db);
		expect((await snapshotState(db)).legalPages).toHaveLength(6);
		expect(await db('site_pages').where({ slug: 'terms', language: 'es' }).pluck('body')).toEqual(['Texto de la empresa.']);
	});

	it('reset only the backup retention still as seeded when undone, and leave one staff edited', async () => {
		const retention = migrations[MIGRATION_FILES.indexOf('20990101J-plan-backup-retention.mjs')]!;
		await db('subscription_plans').where({ id: 'pro' }).update({ backup_retention: 5 });
		await retention.down(db);
		const retained = async () => Object.fromEntries((await db('subscription_plans').select('id', 'backup_retention')).map((row: { id: string; backup_retention: number }) => [row.id, row.backup_retention]));
		expect(await retained()).toEqual({ business: 0, free: 0, pro: 5, starter: 0 });
		await retention.up(db);
		expect(await retained()).toEqual({ business: 30, free: 0, pro: 5, starter: 7 });
	});
});
