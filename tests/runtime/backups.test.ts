/**
 * Backups and restores of a site, on SQLite and on PostgreSQL, through the runtime's management
 * API against real Directus instances: content and files come back, a damaged archive is refused
 * with the site untouched, and a restore whose site does not start is undone from the safety backup.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BackupSummary, RestoreJob } from '@epic/runtime-contract';
import { archiveFile, foreignPostgresDump, foreignSqliteDatabase, storeWithSwappedDatabase } from '../support/backup-archives.ts';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { waitFor } from '../support/runtime-inspection.ts';
import { loginThroughRouter, TestRuntime, type RuntimeDatabaseClient } from '../support/test-runtime.ts';

const db = (process.env['RUNTIME_TEST_DB'] ?? 'sqlite3') as RuntimeDatabaseClient;
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

/** A request to the site's own Directus as its admin, checked for the expected status. */
async function site<T = any>(method: string, path: string, expected: number, body?: unknown): Promise<T> {
	const response = await hostRequest(runtime.routerUrl, HOST, path, {
		method,
		...(body === undefined ? {} : jsonBody(body)),
		headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
	});
	expect(response.status, `${method} ${path}: ${response.body}`).toBe(expected);
	return (response.body ? response.json() : undefined) as T;
}

async function uploadFile(name: string, content: Buffer): Promise<string> {
	const form = new FormData();
	form.append('file', new Blob([new Uint8Array(content)], { type: 'text/plain' }), name);
	const encoded = new Response(form);
	const response = await hostRequest(runtime.routerUrl, HOST, '/files', {
		method: 'POST',
		headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
		body: Buffer.from(await encoded.arrayBuffer()),
	});
	expect(response.status, response.body).toBe(200);
	return response.json<{ data: { id: string } }>().data.id;
}

/** The file's bytes as the site serves them, or the HTTP status when it does not. */
async function asset(id: string): Promise<string | number> {
	const response = await hostRequest(runtime.routerUrl, HOST, `/assets/${id}`, { headers: { authorization: `Bearer ${token}` } });
	return response.status === 200 ? response.body : response.status;
}

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
	runtime = new TestRuntime({ db, warmPoolSize: 0 });
	await runtime.start();
	const status = await runtime.driver.ensureInstance({ projectId: PROJECT, subdomain: 'backed', projectName: 'Backed up', admin });
	expect(status.state).toBe('running');
	token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
	await site('POST', '/collections', 200, {
		collection: 'notes',
		schema: {},
		meta: {},
		fields: [
			{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: { hidden: true } },
			{ field: 'title', type: 'string', schema: {}, meta: {} },
		],
	});
	noteId = (await site<{ data: { id: number } }>('POST', '/items/notes', 200, { title: 'before the backup' })).data.id;
	fileId = await uploadFile('kept.txt', Buffer.from('bytes that must come back'));
	expect(await asset(fileId)).toBe('bytes that must come back');
}, 240_000);

afterAll(async () => {
	await runtime?.destroy();
});

describe(`site backups and restores (${db})`, () => {
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
		expect(bytes.equals(readFileSync(archiveFile(runtime.dataDir, PROJECT, goodBackup.id)))).toBe(true);

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
		const file = archiveFile(runtime.dataDir, PROJECT, damaged.id);
		const bytes = readFileSync(file);
		for (let index = Math.floor(bytes.length / 2); index < Math.floor(bytes.length / 2) + 16; index += 1) bytes[index] = bytes[index]! ^ 0xff;
		writeFileSync(file, bytes);
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
		const foreignId = await storeWithSwappedDatabase(runtime.dataDir, PROJECT, goodBackup.id, (file) =>
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
		await runtime.driver.ensureInstance({ projectId: 'backup-2', subdomain: 'other', projectName: 'Other', admin: { email: 'other@example.com', password: 'other-secret-password' } });
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
});
