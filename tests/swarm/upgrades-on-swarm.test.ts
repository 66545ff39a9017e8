/**
 * Upgrades of a swarm site, whose database is on the shared PostgreSQL server and whose uploads are
 * in the bucket: a site migration is applied by the runtime (tasks run no migration) and the site
 * serves again from a new task with its content; one that fails halfway is undone from the
 * pre-upgrade backup (the database and the bucket's objects), and the site, its node drained,
 * serves its old data from the other node.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { directusVersion } from '@epic/node-support/directus';
import { recordInStateDatabase, siteServiceName } from '../support/swarm/site-records.ts';
import { createNotesCollection, siteAsset, siteRequest, uploadSiteFile, type SiteTarget } from '../support/site-admin.ts';
import { withStorageDatabase } from '../support/site-database.ts';
import { siteMigrationsFolder, writeSiteMigration } from '../support/site-migrations.ts';
import { startSwarmSites, type SwarmSites } from '../support/swarm/swarm-sites.ts';
import { runningNodeOf, runningTasksOf, setNodeAvailability } from '../support/swarm/test-swarm.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';
import { holdForThisFile } from '../support/machine-lock.ts';

const WORKER = 'epicnode2';
const PROJECT = 'p-upgraded';
const HOST = 'upgraded.localhost';
const INSTALLED = directusVersion();
const admin = { email: 'upgraded@example.com', password: 'upgraded-secret-password' };
let swarm: SwarmSites;
let migrations: string;
let site: SiteTarget;
let service: string;
let noteId: number;
let fileId: string;

/** A site migration in the folder the runtime hands its sites as MIGRATIONS_PATH. */
const writeMigration = (file: string, up: string) => writeSiteMigration(migrations, file, up);

/** What the site's database holds of the test migrations' work, read from the database itself. */
async function schemaOf() {
	return withStorageDatabase(
		(await recordInStateDatabase(swarm.runtime, PROJECT)).storage,
		async (database) => ({
			summary: await database.schema.hasColumn('notes', 'summary'),
			halfMade: await database.schema.hasTable('half_made'),
			siteMigrations: ((await database('directus_migrations').where('version', 'like', '2999%').orderBy('version').select('version')) as { version: string }[]).map(
				(row) => row.version,
			),
		}),
		swarm.database.adminUrl,
	);
}

async function runningTaskId(): Promise<string> {
	const running = await runningTasksOf(service);
	expect(running).toHaveLength(1);
	return running[0]!.id;
}

holdForThisFile('swarm');

beforeAll(async () => {
	migrations = siteMigrationsFolder();
	swarm = await startSwarmSites(WORKER, { siteMigrationsPath: migrations });
	const status = await swarm.runtime.driver.ensureInstance({ projectId: PROJECT, subdomain: 'upgraded', projectName: 'Upgraded', admin });
	expect(status).toMatchObject({ state: 'running', directusVersion: INSTALLED, upgradeFailure: null });
	site = { routerUrl: swarm.runtime.routerUrl, host: HOST, token: await loginThroughRouter(swarm.runtime.routerUrl, HOST, admin.email, admin.password) };
	service = await siteServiceName(swarm.runtime, PROJECT);
	await createNotesCollection(site);
	noteId = (await siteRequest<{ data: { id: number } }>(site, 'POST', '/items/notes', 200, { title: 'written before the upgrade' })).data.id;
	fileId = await uploadSiteFile(site, 'kept.txt', Buffer.from('bytes every upgrade keeps'));
}, 600_000);

afterAll(async () => {
	await swarm?.destroy();
	if (migrations) rmSync(migrations, { recursive: true, force: true });
}, 120_000);

describe('upgrades of a swarm site', () => {
	test('an upgrade applies a new site migration from the runtime, and a new task serves the site with its content', async () => {
		expect(await schemaOf()).toEqual({ summary: false, halfMade: false, siteMigrations: [] });
		writeMigration('29990101A-add-summary.mjs', `await knex.schema.alterTable('notes', (table) => { table.string('summary').defaultTo('added by the upgrade'); });`);
		const taskBefore = await runningTaskId();

		const result = await swarm.runtime.driver.upgradeInstance(PROJECT);

		expect(result, result.error ?? '').toMatchObject({ projectId: PROJECT, outcome: 'upgraded', rolledBack: false, error: null });
		expect(result.status).toMatchObject({ state: 'running', directusVersion: INSTALLED, upgradeFailure: null });
		expect(await schemaOf()).toEqual({ summary: true, halfMade: false, siteMigrations: ['29990101A'] });
		// Stopped for the migration (its service removed) and started again: another task.
		expect(await runningTaskId()).not.toBe(taskBefore);
		const note = await siteRequest<{ data: { title: string; summary: string } }>(site, 'GET', `/items/notes/${noteId}?fields=title,summary`, 200);
		expect(note.data).toEqual({ title: 'written before the upgrade', summary: 'added by the upgrade' });
		expect(await siteAsset(site, fileId)).toBe('bytes every upgrade keeps');
	});

	test('a migration that fails halfway is undone from the backup, database and bucket, and the site serves its old data on the other node', async () => {
		await siteRequest(site, 'PATCH', `/items/notes/${noteId}`, 200, { title: 'changed before the failed upgrade' });
		writeMigration(
			'29990101B-fails-halfway.mjs',
			`await knex.schema.createTable('half_made', (table) => { table.increments('id'); });
throw new Error('this site migration fails halfway on purpose');`,
		);
		const ranOn = await runningNodeOf(service);
		await setNodeAvailability(ranOn, 'drain');
		try {
			const result = await swarm.runtime.driver.upgradeInstance(PROJECT);
			expect(result).toMatchObject({ projectId: PROJECT, outcome: 'failed', rolledBack: true });
			expect(result.error).toBe('directus database migrate:latest failed: migration "Fails Halfway" failed: this site migration fails halfway on purpose');
			expect(result.status).toMatchObject({ state: 'running', upgradeFailure: { toVersion: INSTALLED, error: result.error } });
		} finally {
			await setNodeAvailability(ranOn, 'active');
		}
		expect(await runningNodeOf(service)).not.toBe(ranOn);
		expect(await schemaOf()).toEqual({ summary: true, halfMade: false, siteMigrations: ['29990101A'] });
		const note = await siteRequest<{ data: { title: string } }>(site, 'GET', `/items/notes/${noteId}?fields=title`, 200);
		expect(note.data.title).toBe('changed before the failed upgrade');
		expect(await siteAsset(site, fileId)).toBe('bytes every upgrade keeps');
	});
});
