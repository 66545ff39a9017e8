/**
 * Upgrades of a site's Directus, on SQLite and on PostgreSQL, against real Directus instances: a
 * site migration is applied through the management API's upgrade with the content kept; one that
 * fails halfway is undone from the pre-upgrade backup, the site serving its old data and staff
 * seeing the failure; a site recorded at an older Directus version is upgraded by the runtime's
 * next start; an upgrade cut short by a runtime stop is undone and run again at the next start; and a
 * restored backup from before an upgrade makes the site due for one again.
 */
import { readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { directusVersion } from '@epic/node-support/directus';
import type { InstanceStatus } from '@epic/runtime-contract';
import { hostRequest } from '../support/host-request.ts';
import { createNotesCollection, siteAsset, siteRequest, uploadSiteFile, type SiteTarget } from '../support/site-admin.ts';
import { runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { withSiteDatabase } from '../support/site-database.ts';
import { siteMigrationsFolder, writeSiteMigration } from '../support/site-migrations.ts';
import { loginThroughRouter, TestRuntime, type RuntimeDatabaseClient } from '../support/test-runtime.ts';

const db = (process.env['RUNTIME_TEST_DB'] ?? 'sqlite3') as RuntimeDatabaseClient;
const PROJECT = 'upgrade-1';
const HOST = 'upgraded.localhost';
const INSTALLED = directusVersion();
const admin = { email: 'upgraded@example.com', password: 'upgraded-secret-password' };
let runtime: TestRuntime;
let migrations: string;
let token: string;
let noteId: number;
let fileId: string;
/** The backup the start-up upgrade took of the site recorded at 12.3.0. */
let backupAt1230: string;

/** A site migration in the folder the runtime hands its sites as MIGRATIONS_PATH. */
const writeMigration = (file: string, up: string) => writeSiteMigration(migrations, file, up);

const target = (): SiteTarget => ({ routerUrl: runtime.routerUrl, host: HOST, token });
const site = <T = any>(method: string, urlPath: string, expected: number, body?: unknown) => siteRequest<T>(target(), method, urlPath, expected, body);
const uploadFile = (name: string, content: Buffer) => uploadSiteFile(target(), name, content);
const asset = (id: string) => siteAsset(target(), id);

async function noteTitle(): Promise<string> {
	return (await site<{ data: { title: string } }>('GET', `/items/notes/${noteId}?fields=title`, 200)).data.title;
}

/** What the site's database holds of the test migrations' work, read from the database itself. */
function schemaOf() {
	return withSiteDatabase(runtime.dataDir, PROJECT, async (database) => ({
		summary: await database.schema.hasColumn('notes', 'summary'),
		halfMadeColumn: await database.schema.hasColumn('notes', 'half_made'),
		halfMadeTable: await database.schema.hasTable('half_made'),
		tag: await database.schema.hasColumn('notes', 'tag'),
		siteMigrations: ((await database('directus_migrations').where('version', 'like', '2999%').orderBy('version').select('version')) as { version: string }[]).map(
			(row) => row.version,
		),
	}));
}

async function pingThroughRouter(): Promise<string> {
	return (await hostRequest(runtime.routerUrl, HOST, '/server/ping')).body;
}

/** Stops the runtime, edits the project's record in its state file, and starts it again. */
async function restartWithRecord(changes: Record<string, unknown>): Promise<void> {
	await runtime.stop();
	const state = runtimeState(runtime.dataDir);
	state.instances[PROJECT] = { ...state.instances[PROJECT]!, ...changes };
	writeFileSync(path.join(runtime.dataDir, 'state.json'), JSON.stringify(state, null, '\t'));
	await runtime.start();
}

/** Waits until the start-up pass has upgraded the project and it serves again. */
function upgradedAtStart(): Promise<InstanceStatus> {
	return waitFor(
		'the start-up upgrade of the project',
		async () => {
			const status = await runtime.driver.instanceStatus(PROJECT);
			const record = runtimeState(runtime.dataDir).instances[PROJECT];
			return status?.directusVersion === INSTALLED && status.state === 'running' && record?.rollbackBackupId === null ? status : null;
		},
		180_000,
	);
}

beforeAll(async () => {
	migrations = siteMigrationsFolder();
	runtime = new TestRuntime({ db, warmPoolSize: 0, siteMigrationsPath: migrations });
	await runtime.start();
	const status = await runtime.driver.ensureInstance({ projectId: PROJECT, subdomain: 'upgraded', projectName: 'Upgraded', admin });
	expect(status).toMatchObject({ state: 'running', directusVersion: INSTALLED, upgradeFailure: null });
	token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
	await createNotesCollection(target());
	noteId = (await site<{ data: { id: number } }>('POST', '/items/notes', 200, { title: 'written before the upgrade' })).data.id;
	fileId = await uploadFile('kept.txt', Buffer.from('bytes every upgrade keeps'));
	expect(await asset(fileId)).toBe('bytes every upgrade keeps');
}, 240_000);

afterAll(async () => {
	await runtime?.destroy();
	if (migrations) rmSync(migrations, { recursive: true, force: true });
});

describe(`site upgrades (${db})`, () => {
	test('an upgrade applies a new site migration, keeps the content and serves again', async () => {
		expect(await schemaOf()).toEqual({ summary: false, halfMadeColumn: false, halfMadeTable: false, tag: false, siteMigrations: [] });
		writeMigration('29990101A-add-summary.mjs', `await knex.schema.alterTable('notes', (table) => { table.string('summary').defaultTo('added by the upgrade'); });`);
		const before = await runtime.driver.instanceStatus(PROJECT);

		const result = await runtime.driver.upgradeInstance(PROJECT);

		expect(result, result.error ?? '').toMatchObject({ projectId: PROJECT, fromVersion: INSTALLED, toVersion: INSTALLED, outcome: 'upgraded', rolledBack: false, error: null });
		expect(result.status).toMatchObject({ state: 'running', directusVersion: INSTALLED, upgradeFailure: null });
		// Stopped for the migration and started again on it.
		expect(result.status.pid).not.toBe(before?.pid);
		expect(await schemaOf()).toEqual({ summary: true, halfMadeColumn: false, halfMadeTable: false, tag: false, siteMigrations: ['29990101A'] });
		expect(await pingThroughRouter()).toBe('pong');
		expect((await site<{ data: { title: string; summary: string } }>('GET', `/items/notes/${noteId}?fields=title,summary`, 200)).data).toEqual({
			title: 'written before the upgrade',
			summary: 'added by the upgrade',
		});
		expect(await asset(fileId)).toBe('bytes every upgrade keeps');
		const backups = await runtime.driver.listBackups(PROJECT);
		expect(backups.map((backup) => [backup.id, backup.kind])).toEqual([[result.backupId, 'pre-upgrade']]);
	}, 240_000);

	test('a migration that fails halfway is undone: the site serves its old data and staff see the failure', async () => {
		await site('PATCH', `/items/notes/${noteId}`, 200, { title: 'changed before the failed upgrade' });
		writeMigration(
			'29990101B-fails-halfway.mjs',
			`await knex.schema.createTable('half_made', (table) => { table.increments('id'); });
await knex.schema.alterTable('notes', (table) => { table.string('half_made'); });
throw new Error('this site migration fails halfway on purpose');`,
		);

		const result = await runtime.driver.upgradeInstance(PROJECT);

		expect(result).toMatchObject({ projectId: PROJECT, outcome: 'failed', rolledBack: true });
		expect(result.error).toBe('directus database migrate:latest failed: migration "Fails Halfway" failed: this site migration fails halfway on purpose');
		// The stack, with the migration's file, is in the site's own log.
		expect(readFileSync(path.join(runtimeState(runtime.dataDir).instances[PROJECT]!.dir, 'directus.log'), 'utf8')).toContain('29990101B-fails-halfway.mjs');
		expect(result.status).toMatchObject({
			state: 'running',
			directusVersion: INSTALLED,
			upgradeFailure: { toVersion: INSTALLED, error: result.error, at: expect.any(String) },
		});
		expect(await runtime.driver.instanceStatus(PROJECT)).toMatchObject({ state: 'running', upgradeFailure: result.status.upgradeFailure });
		// The half-made table and column are gone with the rest of the failed migration's work.
		expect(await schemaOf()).toEqual({ summary: true, halfMadeColumn: false, halfMadeTable: false, tag: false, siteMigrations: ['29990101A'] });
		expect(await pingThroughRouter()).toBe('pong');
		expect(await noteTitle()).toBe('changed before the failed upgrade');
		expect(await asset(fileId)).toBe('bytes every upgrade keeps');
		expect(runtimeState(runtime.dataDir).instances[PROJECT]).toMatchObject({ directusVersion: INSTALLED, rollbackBackupId: null });
		expect(runtime.output()).toContain(
			`project ${PROJECT}: upgrade from Directus ${INSTALLED} to ${INSTALLED} failed; its data from before (backup ${result.backupId}) was put back`,
		);
	}, 240_000);

	test('a site recorded at an older Directus version is upgraded when the runtime starts', async () => {
		unlinkSync(path.join(migrations, '29990101B-fails-halfway.mjs'));
		writeMigration('29990101C-add-tag.mjs', `await knex.schema.alterTable('notes', (table) => { table.string('tag').defaultTo('added at start-up'); });`);
		const backupsBefore = await runtime.driver.listBackups(PROJECT);

		await restartWithRecord({ directusVersion: '12.3.0' });
		const status = await upgradedAtStart();

		expect(status).toMatchObject({ directusVersion: INSTALLED, upgradeFailure: null });
		expect(await schemaOf()).toEqual({ summary: true, halfMadeColumn: false, halfMadeTable: false, tag: true, siteMigrations: ['29990101A', '29990101C'] });
		expect(runtime.output()).toContain(`project ${PROJECT}: upgrade from Directus 12.3.0 to ${INSTALLED} done`);
		expect(await pingThroughRouter()).toBe('pong');
		expect((await site<{ data: { title: string; tag: string } }>('GET', `/items/notes/${noteId}?fields=title,tag`, 200)).data).toEqual({
			title: 'changed before the failed upgrade',
			tag: 'added at start-up',
		});
		const backupsAfter = await runtime.driver.listBackups(PROJECT);
		expect(backupsAfter.slice(1)).toEqual(backupsBefore);
		expect(backupsAfter[0]?.kind).toBe('pre-upgrade');
		backupAt1230 = backupsAfter[0]!.id;
	}, 300_000);

	test('an upgrade cut short by a runtime stop is undone from its backup and run again at the next start', async () => {
		// The data as an interrupted upgrade may leave it: changed since its backup was taken.
		await site('PATCH', `/items/notes/${noteId}`, 200, { title: 'written while the upgrade ran' });

		await restartWithRecord({ rollbackBackupId: backupAt1230 });
		await upgradedAtStart();

		// The backup (taken before migration C) was put back, then the upgrade ran C again.
		expect(await schemaOf()).toEqual({ summary: true, halfMadeColumn: false, halfMadeTable: false, tag: true, siteMigrations: ['29990101A', '29990101C'] });
		token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
		expect(await noteTitle()).toBe('changed before the failed upgrade');
		expect(await asset(fileId)).toBe('bytes every upgrade keeps');
		expect(runtime.output()).toContain(`project ${PROJECT}: upgrade from Directus ${INSTALLED} to ${INSTALLED} done`);
		expect((await runtime.driver.instanceStatus(PROJECT))?.upgradeFailure).toBeNull();
	}, 300_000);

	test('restoring a backup from before an upgrade records its version, and an upgrade migrates it again', async () => {
		const started = await runtime.driver.startRestore(PROJECT, backupAt1230);
		const job = await waitFor(
			'the restore to finish',
			async () => {
				const current = await runtime.driver.restoreJob(PROJECT, started.id);
				return current.state !== 'running' ? current : null;
			},
			150_000,
		);

		expect(job.state, job.error ?? '').toBe('succeeded');
		expect(await runtime.driver.instanceStatus(PROJECT)).toMatchObject({ state: 'running', directusVersion: '12.3.0' });
		expect((await schemaOf()).siteMigrations).toEqual(['29990101A']);

		const result = await runtime.driver.upgradeInstance(PROJECT);

		expect(result, result.error ?? '').toMatchObject({ fromVersion: '12.3.0', toVersion: INSTALLED, outcome: 'upgraded' });
		expect(result.status).toMatchObject({ state: 'running', directusVersion: INSTALLED, upgradeFailure: null });
		expect((await schemaOf()).siteMigrations).toEqual(['29990101A', '29990101C']);
	}, 300_000);
});
