/**
 * Backups and restores of a site, on SQLite and on PostgreSQL, through the runtime's management
 * API against real Directus instances: content and files come back, a damaged archive is refused
 * with the site untouched, and a restore whose site does not start is undone from the safety backup.
 *
 * Each backup store runs the file once, for CI time: the S3 store (a local S3-compatible server)
 * on SQLite, the local folder on PostgreSQL. A store keeps an archive the same whatever its database.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BackupSummary, RestoreJob } from '@epic/runtime-contract';
import { foreignPostgresDump, foreignSqliteDatabase, localStoredBackups, s3StoredBackups, storeWithSwappedDatabase, type StoredBackups } from '../support/backup-archives.ts';
import { createNotesCollection, siteAsset, siteRequest, uploadSiteFile, type SiteTarget } from '../support/site-admin.ts';
import { runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import { loginThroughRouter, TestRuntime, type RuntimeDatabaseClient } from '../support/test-runtime.ts';

const db = (process.env['RUNTIME_TEST_DB'] ?? 'sqlite3') as RuntimeDatabaseClient;
const storeKind = db === 'sqlite3' ? 's3' : 'local';
const S3_PREFIX = 'runtime-test/';
let s3: TestS3Server | null = null;
let stored: StoredBackups;
const PROJECT = 'backup-1';
const HOST = 'backed.localhost';
const admin = { email: 'backed@example.com', password: 'backed-secret-password' };
let runtime: TestRuntime;
let token: string;

async function management<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
	const response = await fetch(`${runtime.apiUrl}${path}`, {
		method,
		headers: { authorization: `Bearer ${runtime.secret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const target = (): SiteTarget => ({ routerUrl: runtime.routerUrl, host: HOST, token });
const site = <T = any>(method: string, urlPath: string, expected: number, body?: unknown) => siteRequest<T>(target(), method, urlPath, expected, body);
const uploadFile = (name: string, content: Buffer) => uploadSiteFile(target(), name, content);
const asset = (id: string) => siteAsset(target(), id);

async function noteTitle(id: number): Promise<string> {
	return (await site<{ data: { title: string } }>('GET', `/items/notes/${id}?fields=title`, 200)).data.title;
}

function backUp(): Promise<BackupSummary> {
	return runtime.driver.createBackup(PROJECT, 'manual');
}

/** Starts a restore and waits for its end; the assertions on the outcome are the caller's. */
async function restore(backupId: string): Promise<RestoreJob> {
	const started = await runtime.driver.startRestore(PROJECT, backupId);
	expect(started).toMatchObject({ projectId: PROJECT, backupId, state: 'running' });
	return waitFor(
		'the restore to finish',
		async () => {
			const job = await runtime.driver.restoreJob(PROJECT, started.id);
			return job.state !== 'running' ? job : null;
		},
		150_000,
	);
}

const stepNames = (job: RestoreJob) => job.steps.map((step) => `${step.name}:${step.state}`);

let noteId: number;
let fileId: string;
let goodBackup: BackupSummary;
let firstJob: RestoreJob;

beforeAll(async () => {
	if (storeKind === 's3') s3 = await startS3Server();
	runtime = new TestRuntime({ db, warmPoolSize: 0, env: s3?.runtimeEnv(S3_PREFIX) });
	stored = s3 ? s3StoredBackups(s3, S3_PREFIX) : localStoredBackups(runtime.dataDir);
	await runtime.start();
	const status = await runtime.driver.ensureInstance({ projectId: PROJECT, subdomain: 'backed', projectName: 'Backed up', admin });
	expect(status.state).toBe('running');
	token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
	await createNotesCollection(target());
	noteId = (await site<{ data: { id: number } }>('POST', '/items/notes', 200, { title: 'before the backup' })).data.id;
	fileId = await uploadFile('kept.txt', Buffer.from('bytes that must come back'));
	expect(await asset(fileId)).toBe('bytes that must come back');
}, 240_000);

afterAll(async () => {
	await runtime?.destroy();
	await s3?.close();
});

describe(`site backups and restores (${db}, ${storeKind} store)`, () => {
	test('a backup is listed, downloadable, and a restore brings back content and files', async () => {
		const serving = await runtime.driver.instanceStatus(PROJECT);
		goodBackup = await backUp();
		// Taken while the site serves: the same process before and after.
		expect(await runtime.driver.instanceStatus(PROJECT)).toMatchObject({ state: 'running', pid: serving?.pid, restarts: 0 });
		expect(goodBackup).toMatchObject({ projectId: PROJECT, kind: 'manual' });
		expect(goodBackup.size).toBeGreaterThan(0);
		const created = await management<{ data: BackupSummary }>('POST', `/instances/${PROJECT}/backups`);
		expect(created.status).toBe(201);
		expect(created.body.data).toMatchObject({ projectId: PROJECT, kind: 'manual' });
		expect(await runtime.driver.listBackups(PROJECT)).toEqual([created.body.data, goodBackup]);

		const download = await fetch(`${runtime.apiUrl}/instances/${PROJECT}/backups/${goodBackup.id}/archive`, {
			headers: { authorization: `Bearer ${runtime.secret}` },
		});
		expect(download.status).toBe(200);
		expect(download.headers.get('content-type')).toBe('application/gzip');
		const bytes = Buffer.from(await download.arrayBuffer());
		expect(bytes.equals(await stored.readArchive(PROJECT, goodBackup.id))).toBe(true);
		// With S3, nothing of the backups is kept in the runtime's folder.
		expect(existsSync(path.join(runtime.dataDir, 'backups', PROJECT))).toBe(storeKind === 'local');

		await site('PATCH', `/items/notes/${noteId}`, 200, { title: 'changed after the backup' });
		await site('DELETE', `/files/${fileId}`, 204);
		expect(await noteTitle(noteId)).toBe('changed after the backup');
		expect(await asset(fileId)).toBe(403);

		const job = await restore(goodBackup.id);
		firstJob = job;
		expect(job.state, job.error ?? '').toBe('succeeded');
		expect(stepNames(job)).toEqual(['verifying:done', 'safety-backup:done', 'stopping:done', 'replacing:done', 'starting:done', 'checking:done']);
		expect(job.safetyBackupId).toMatch(/Z-[0-9a-f]{8}$/);

		// The restored database has the admin's sessions of the backup's time: log in again.
		token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
		expect(await noteTitle(noteId)).toBe('before the backup');
		expect(await asset(fileId)).toBe('bytes that must come back');

		const after = await runtime.driver.listBackups(PROJECT);
		expect(after.map((backup) => [backup.id, backup.kind])).toEqual([
			[job.safetyBackupId, 'safety'],
			[created.body.data.id, 'manual'],
			[goodBackup.id, 'manual'],
		]);
	}, 240_000);

	test('a damaged archive is refused and the site is untouched', async () => {
		await site('PATCH', `/items/notes/${noteId}`, 200, { title: 'current content' });
		const damaged = await backUp();
		const bytes = await stored.readArchive(PROJECT, damaged.id);
		for (let index = Math.floor(bytes.length / 2); index < Math.floor(bytes.length / 2) + 16; index += 1) bytes[index] = bytes[index]! ^ 0xff;
		await stored.writeArchive(PROJECT, damaged.id, bytes);
		const before = await runtime.driver.instanceStatus(PROJECT);
		const backupsBefore = await runtime.driver.listBackups(PROJECT);

		const job = await restore(damaged.id);

		expect(job.state).toBe('failed');
		expect(stepNames(job)).toEqual(['verifying:failed']);
		expect(job.error).toMatch(/archive cannot be read|does not match its checksum/);
		expect(job.safetyBackupId).toBeNull();
		const now = await runtime.driver.instanceStatus(PROJECT);
		expect(now).toMatchObject({ state: 'running', pid: before?.pid });
		expect(await noteTitle(noteId)).toBe('current content');
		expect(await asset(fileId)).toBe('bytes that must come back');
		expect(await runtime.driver.listBackups(PROJECT)).toEqual(backupsBefore);
	}, 120_000);

	test('a restore whose site does not start is undone from the safety backup', async () => {
		const foreignId = await storeWithSwappedDatabase(stored, PROJECT, goodBackup.id, (file) =>
			db === 'pg' ? foreignPostgresDump(file, runtime.dbPrefix) : foreignSqliteDatabase(file),
		);
		await site('PATCH', `/items/notes/${noteId}`, 200, { title: 'content the failed restore must keep' });
		const extra = await uploadFile('later.txt', Buffer.from('uploaded after the backup'));

		const job = await restore(foreignId);

		expect(job.state, job.error ?? '').toBe('failed');
		expect(job.rolledBack).toBe(true);
		expect(stepNames(job)).toEqual(['verifying:done', 'safety-backup:done', 'stopping:done', 'replacing:done', 'starting:failed', 'rolling-back:done']);
		expect(job.error).toMatch(/the site’s data from before the restore was put back/);
		expect((await runtime.driver.instanceStatus(PROJECT))?.state).toBe('running');
		token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
		expect(await noteTitle(noteId)).toBe('content the failed restore must keep');
		expect(await asset(extra)).toBe('uploaded after the backup');
		expect(await asset(fileId)).toBe('bytes that must come back');
	}, 240_000);

	test('backup ids and restore jobs are scoped to their project', async () => {
		await runtime.driver.ensureInstance({
			projectId: 'backup-2',
			subdomain: 'other',
			projectName: 'Other',
			admin: { email: 'other@example.com', password: 'other-secret-password' },
		});
		const archive = await management<{ errors: { extensions: { code: string } }[] }>('GET', `/instances/backup-2/backups/${goodBackup.id}/archive`);
		expect(archive.status).toBe(404);
		expect(archive.body.errors[0]?.extensions.code).toBe('BACKUP_NOT_FOUND');
		const restoreOther = await management<{ errors: { extensions: { code: string } }[] }>('POST', `/instances/backup-2/backups/${goodBackup.id}/restore`);
		expect(restoreOther.status).toBe(404);
		expect(restoreOther.body.errors[0]?.extensions.code).toBe('BACKUP_NOT_FOUND');
		expect(await runtime.driver.listBackups('backup-2')).toEqual([]);
		const job = await management<{ errors: { extensions: { code: string } }[] }>('GET', `/instances/backup-2/restores/${firstJob.id}`);
		expect(job.status).toBe(404);
		expect(job.body.errors[0]?.extensions.code).toBe('RESTORE_JOB_NOT_FOUND');
		const traversal = await management<{ errors: { extensions: { code: string } }[] }>('GET', `/instances/backup-2/backups/..%2F${PROJECT}%2F${goodBackup.id}/archive`);
		expect(traversal.status).toBe(400);
		expect(traversal.body.errors[0]?.extensions.code).toBe('INVALID_PAYLOAD');
	}, 120_000);

	test('a restore cut short by a runtime crash is undone at the next start: the site serves its data from before', async () => {
		await site('PATCH', `/items/notes/${noteId}`, 200, { title: 'before the interrupted restore' });
		const started = await runtime.driver.startRestore(PROJECT, goodBackup.id);
		// The site's data is the backup's now and its Directus is starting: the worst moment to crash.
		await waitFor(
			'the restore to reach its start step',
			async () => (await runtime.driver.restoreJob(PROJECT, started.id)).steps.some((step) => step.name === 'starting'),
			120_000,
		);
		expect(runtimeState(runtime.dataDir).instances[PROJECT]?.rollbackBackupId).toMatch(/.+/);
		await runtime.kill9();

		await runtime.start();
		await waitFor(
			'the safety backup to be put back',
			async () => runtimeState(runtime.dataDir).instances[PROJECT]?.rollbackBackupId === null && (await runtime.driver.instanceStatus(PROJECT))?.state === 'running',
			180_000,
		);
		token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
		expect(await noteTitle(noteId)).toBe('before the interrupted restore');
		expect(await asset(fileId)).toBe('bytes that must come back');
	}, 300_000);

	// Last: it deletes the project the other tests use.
	test('deleting a project deletes its backups, and only its own', async () => {
		const otherBackup = await runtime.driver.createBackup('backup-2', 'manual');
		const backups = await runtime.driver.listBackups(PROJECT);
		expect(backups.length).toBeGreaterThan(0);
		for (const backup of backups) expect(await stored.hasArchive(PROJECT, backup.id)).toBe(true);

		const deleted = await management('DELETE', `/instances/${PROJECT}`);
		expect(deleted.status).toBe(204);
		for (const backup of backups) expect(await stored.hasArchive(PROJECT, backup.id)).toBe(false);
		expect(await runtime.driver.listBackups(PROJECT)).toEqual([]);
		expect(await runtime.driver.listBackups('backup-2')).toEqual([otherBackup]);
		expect(await stored.hasArchive('backup-2', otherBackup.id)).toBe(true);
	}, 120_000);
});
