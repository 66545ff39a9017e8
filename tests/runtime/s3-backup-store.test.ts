/**
 * The S3 backup store against a real S3-compatible server (s3rver), built from the runtime's own
 * configuration as the runtime builds it. What the store wrote is read back by plain HTTP too, so
 * the layout (`<prefix><projectId>/<backupId>.tar.gz` and `.json`) is checked without the store.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BackupKind, BackupSummary } from '@epic/runtime-contract';
import { newBackupId } from '../../runtime/src/backups/backup-id.ts';
import type { BackupStore } from '../../runtime/src/backups/backup-store.ts';
import { backupStoreFromConfig } from '../../runtime/src/backups/backup-store-from-config.ts';
import { loadRuntimeConfig } from '../../runtime/src/config.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

const PREFIX = 'store-test/';
let s3: TestS3Server;
let dir: string;
let store: BackupStore;

/** A store on the test server as the runtime builds it from these variables, and what it logged once its bucket was checked. */
async function storeWith(env: Record<string, string>): Promise<{ store: BackupStore; logged: string[] }> {
	const config = loadRuntimeConfig({ RUNTIME_SECRET: 'x'.repeat(40), RUNTIME_DATA_DIR: dir, ...s3.runtimeEnv(PREFIX), ...env }, dir);
	expect(config.backupS3).toMatchObject({ bucket: env['BACKUP_S3_BUCKET'] ?? s3.bucket, endpoint: s3.endpoint, forcePathStyle: true });
	const logged: string[] = [];
	const configured = backupStoreFromConfig(config, (message) => logged.push(message));
	await configured.checked;
	return { store: configured.store, logged };
}

/** Injected times, an hour apart, so the newest-first order is known. */
let hours = 0;
function summary(projectId: string, kind: BackupKind = 'manual'): BackupSummary {
	const createdAt = new Date(Date.parse('2026-03-01T00:00:00.000Z') + (hours += 1) * 3600_000);
	return { id: newBackupId(createdAt), projectId, kind, createdAt: createdAt.toISOString(), size: 0 };
}

/** An archive file of `bytes` random bytes in the test folder, and its summary with the right size. */
function archive(projectId: string, bytes: number): { summary: BackupSummary; file: string; content: Buffer } {
	const backup = summary(projectId);
	const content = randomBytes(bytes);
	const file = path.join(dir, `${backup.id}.tar.gz`);
	writeFileSync(file, content);
	return { summary: { ...backup, size: bytes }, file, content };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

async function sha256(stream: Readable): Promise<string> {
	const hash = createHash('sha256');
	for await (const chunk of stream) hash.update(chunk as Buffer);
	return hash.digest('hex');
}

/** An object as the server holds it, fetched without the store (s3rver answers unsigned requests). */
async function rawObject(key: string): Promise<{ status: number; body: Buffer }> {
	const response = await fetch(s3.objectUrl(key));
	return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
	s3 = await startS3Server();
	dir = mkdtempSync(path.join(os.tmpdir(), 'epic-s3-store-'));
	const configured = await storeWith({});
	expect(configured.logged.at(-1)).toBe(`backups: bucket ${s3.bucket} answers`);
	store = configured.store;
});

afterAll(async () => {
	await s3?.close();
	if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the S3 backup store', () => {
	test('keeps, lists, reads and deletes backups per project under its prefix', async () => {
		const first = archive('p-1', 1000);
		const second = archive('p-1', 2000);
		const other = archive('p-2', 3000);
		for (const backup of [first, second, other]) await store.put(backup.summary, backup.file);
		// The store takes the archive over, as the local store does.
		expect(existsSync(first.file)).toBe(false);

		expect(await store.list('p-1')).toEqual([second.summary, first.summary]);
		expect(await store.list('p-2')).toEqual([other.summary]);
		expect(await store.list('p-3')).toEqual([]);
		expect(await store.get('p-1', first.summary.id)).toEqual(first.summary);
		const opened = await store.open('p-1', first.summary.id);
		expect(opened?.size).toBe(1000);
		expect((await bytesOf(opened!.stream)).equals(first.content)).toBe(true);
		const copy = path.join(dir, 'copy.tar.gz');
		expect(await store.copyTo('p-1', second.summary.id, copy)).toBe(true);
		expect(readFileSync(copy).equals(second.content)).toBe(true);

		const stored = await rawObject(`${PREFIX}p-1/${first.summary.id}.tar.gz`);
		expect(stored.status).toBe(200);
		expect(stored.body.equals(first.content)).toBe(true);
		const storedSummary = await rawObject(`${PREFIX}p-1/${first.summary.id}.json`);
		expect(JSON.parse(storedSummary.body.toString('utf8'))).toEqual(first.summary);

		await store.delete('p-1', first.summary.id);
		expect(await store.list('p-1')).toEqual([second.summary]);
		expect(await store.get('p-1', first.summary.id)).toBeNull();
		expect(await store.open('p-1', first.summary.id)).toBeNull();
		expect((await rawObject(`${PREFIX}p-1/${first.summary.id}.tar.gz`)).status).toBe(404);
		expect(await store.list('p-2')).toEqual([other.summary]);
	});

	test("one project's backup id never resolves in another project or under another prefix", async () => {
		const backup = archive('p-4', 100);
		await store.put(backup.summary, backup.file);
		expect(await store.get('p-5', backup.summary.id)).toBeNull();
		expect(await store.open('p-5', backup.summary.id)).toBeNull();
		expect(await store.copyTo('p-5', backup.summary.id, path.join(dir, 'nothing.tar.gz'))).toBe(false);
		expect(existsSync(path.join(dir, 'nothing.tar.gz'))).toBe(false);
		expect(await (await storeWith({ BACKUP_S3_PREFIX: 'another-prefix' })).store.list('p-4')).toEqual([]);

		// A summary copied under another project's prefix by hand does not resolve there either.
		const copied = await fetch(s3.objectUrl(`${PREFIX}p-5/${backup.summary.id}.json`), { method: 'PUT', body: JSON.stringify(backup.summary) });
		expect(copied.status).toBe(200);
		expect(await store.get('p-5', backup.summary.id)).toBeNull();
		expect(await store.list('p-5')).toEqual([]);
		await expect(store.list('../p-4')).rejects.toThrow(/must be letters, digits and hyphens/);
	});

	test('a large archive goes up in parts and comes back as a stream, byte for byte', async () => {
		// 20 MiB: three parts of the store's 8 MiB.
		const big = archive('p-6', 20 * 1024 * 1024);
		const expected = createHash('sha256').update(big.content).digest('hex');
		await store.put(big.summary, big.file);

		const opened = await store.open('p-6', big.summary.id);
		expect(opened?.size).toBe(big.content.length);
		expect(await sha256(opened!.stream)).toBe(expected);
		const copy = path.join(dir, 'big-copy.tar.gz');
		expect(await store.copyTo('p-6', big.summary.id, copy)).toBe(true);
		expect(await sha256(createReadStream(copy))).toBe(expected);
	});

	test('a backup that does not exist is null, and deleting it is no error', async () => {
		const missing = newBackupId(new Date('2026-01-01T00:00:00.000Z'));
		expect(await store.get('p-1', missing)).toBeNull();
		expect(await store.open('p-1', missing)).toBeNull();
		expect(await store.copyTo('p-1', missing, path.join(dir, 'missing.tar.gz'))).toBe(false);
		expect(await store.get('p-1', 'not-a-backup-id')).toBeNull();
		await store.delete('p-1', missing);
	});

	test('a bucket that does not exist is a clear error at start-up and on every use, and nothing is stored', async () => {
		const { store: noBucket, logged } = await storeWith({ BACKUP_S3_BUCKET: 'no-such-bucket' });
		const backup = archive('p-7', 100);

		await expect(noBucket.put(backup.summary, backup.file)).rejects.toThrow(/bucket "no-such-bucket" does not exist/);
		await expect(noBucket.list('p-7')).rejects.toThrow(/bucket "no-such-bucket" does not exist/);
		await expect(noBucket.get('p-7', backup.summary.id)).rejects.toThrow(/bucket "no-such-bucket" does not exist/);
		// The archive is still the caller's, and nothing reached the configured bucket either.
		expect(existsSync(backup.file)).toBe(true);
		expect(await store.list('p-7')).toEqual([]);
		expect(logged).toHaveLength(2);
		expect(logged[0]).toBe(`backups in S3 bucket no-such-bucket at ${s3.endpoint} (path-style), keys under "${PREFIX}<project>/", with BACKUP_S3_ACCESS_KEY_ID`);
		expect(logged[1]).toMatch(/^backups: S3 backup store: checking the bucket failed: the bucket "no-such-bucket" does not exist/);
	});

	test('refused credentials are a clear error that does not show the secret', async () => {
		const secret = 'not-the-secret-of-this-server';
		// s3rver refuses unknown access keys (it does not check SigV4 signatures).
		const { store: wrong, logged } = await storeWith({ BACKUP_S3_ACCESS_KEY_ID: 'UNKNOWN-KEY', BACKUP_S3_SECRET_ACCESS_KEY: secret });
		const error = await wrong.list('p-1').then(
			() => null,
			(failure: Error) => failure,
		);
		expect(error?.message).toMatch(/refused the runtime's credentials \(InvalidAccessKeyId\): check BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY/);
		expect(error?.message).not.toContain(secret);
		expect(logged[1]).toMatch(/^backups: S3 backup store: checking the bucket failed: the bucket "epic-test-backups" refused the runtime's credentials/);
		expect(logged.join('\n')).not.toContain(secret);
	});
});
