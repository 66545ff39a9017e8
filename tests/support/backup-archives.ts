/**
 * Backup archives as a test needs them: the stored bytes of a backup read and written beside the
 * runtime's store (in its folder, or in its bucket by plain HTTP), a stored backup copied under a
 * new id with its database swapped for another one (manifest checksums made right, so
 * verification passes), and a database that is valid SQLite or PostgreSQL but not Directus's.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import pg from 'pg';
import * as tar from 'tar';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';
import type { BackupManifest, BackupSummary } from '@epic/runtime-contract';
import type { TestS3Server } from './s3-server.ts';

/** A store's objects as they lie, without the runtime's store code: `<projectId>/<backupId>.tar.gz` and `.json`. */
export interface StoredBackups {
	readArchive(projectId: string, backupId: string): Promise<Buffer>;
	/** Whether the archive's object or file is there at all. */
	hasArchive(projectId: string, backupId: string): Promise<boolean>;
	writeArchive(projectId: string, backupId: string, bytes: Buffer): Promise<void>;
	writeSummary(summary: BackupSummary): Promise<void>;
}

/** The local store's folder (runtime/src/backups/local-backup-store.ts), `backups/` in the runtime's data folder. */
export function localStoredBackups(runtimeDataDir: string): StoredBackups {
	const file = (projectId: string, name: string) => path.join(runtimeDataDir, 'backups', projectId, name);
	return {
		readArchive: (projectId, backupId) => readFile(file(projectId, `${backupId}.tar.gz`)),
		hasArchive: async (projectId, backupId) => existsSync(file(projectId, `${backupId}.tar.gz`)),
		writeArchive: (projectId, backupId, bytes) => writeFile(file(projectId, `${backupId}.tar.gz`), bytes),
		writeSummary: (summary) => writeFile(file(summary.projectId, `${summary.id}.json`), JSON.stringify(summary)),
	};
}

/** The S3 store's bucket (runtime/src/backups/s3-backup-store.ts) under `prefix`, by unsigned HTTP. */
export function s3StoredBackups(s3: TestS3Server, prefix: string): StoredBackups {
	const url = (projectId: string, name: string) => s3.objectUrl(`${prefix}${projectId}/${name}`);
	async function put(target: string, body: Buffer | string): Promise<void> {
		const response = await fetch(target, { method: 'PUT', body: typeof body === 'string' ? body : new Uint8Array(body) });
		if (response.status !== 200) throw new Error(`PUT ${target} answered ${response.status}: ${await response.text()}`);
	}
	return {
		async readArchive(projectId, backupId) {
			const response = await fetch(url(projectId, `${backupId}.tar.gz`));
			if (response.status !== 200) throw new Error(`GET ${response.url} answered ${response.status}: ${await response.text()}`);
			return Buffer.from(await response.arrayBuffer());
		},
		async hasArchive(projectId, backupId) {
			const response = await fetch(url(projectId, `${backupId}.tar.gz`), { method: 'HEAD' });
			if (response.status !== 200 && response.status !== 404) throw new Error(`HEAD ${response.url} answered ${response.status}`);
			return response.status === 200;
		},
		writeArchive: (projectId, backupId, bytes) => put(url(projectId, `${backupId}.tar.gz`), bytes),
		writeSummary: (summary) => put(url(summary.projectId, `${summary.id}.json`), JSON.stringify(summary)),
	};
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A SQLite file with one table of its own: a database, but not a Directus one. */
export async function foreignSqliteDatabase(file: string): Promise<void> {
	const db = knex({ client: 'sqlite3', connection: { filename: file }, useNullAsDefault: true });
	try {
		await db.schema.createTable('not_directus', (table) => {
			table.increments('id');
			table.string('note');
		});
		await db('not_directus').insert({ note: 'this is not a Directus database' });
	} finally {
		await db.destroy();
	}
}

/** pg_dump (custom format) of a throwaway database with one table of its own, named with `prefix` so the runtime's cleanup drops it if this does not. */
export async function foreignPostgresDump(file: string, prefix: string): Promise<void> {
	const name = `${prefix}_foreign_${randomBytes(3).toString('hex')}`;
	const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
	await admin.connect();
	try {
		await admin.query(`CREATE DATABASE "${name}"`);
		const url = new URL(TEST_POSTGRES_URL);
		url.pathname = `/${name}`;
		const client = new pg.Client({ connectionString: url.toString() });
		await client.connect();
		try {
			await client.query(`CREATE TABLE not_directus (id serial PRIMARY KEY, note text); INSERT INTO not_directus (note) VALUES ('this is not a Directus database')`);
		} finally {
			await client.end();
		}
		execFileSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, url.toString()]);
	} finally {
		await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
		await admin.end();
	}
}

/**
 * Stores a copy of backup `sourceId` under a new id whose database is `makeDatabase`'s, with a
 * manifest whose checksums match: an archive that passes verification and fails at start.
 */
export async function storeWithSwappedDatabase(stored: StoredBackups, projectId: string, sourceId: string, makeDatabase: (file: string) => Promise<void>): Promise<string> {
	const work = mkdtempSync(path.join(os.tmpdir(), 'epic-archive-'));
	try {
		const files = path.join(work, 'files');
		mkdirSync(files);
		const source = path.join(work, 'source.tar.gz');
		writeFileSync(source, await stored.readArchive(projectId, sourceId));
		await tar.extract({ file: source, cwd: files, strict: true });
		const manifest = JSON.parse(readFileSync(path.join(files, 'manifest.json'), 'utf8')) as BackupManifest;
		const database = path.join(files, manifest.database.file);
		rmSync(database);
		await makeDatabase(database);
		const createdAt = new Date(Date.parse(manifest.createdAt) + 1000);
		const id = `${createdAt.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
		const swapped: BackupManifest = {
			...manifest,
			id,
			kind: 'manual',
			createdAt: createdAt.toISOString(),
			database: { ...manifest.database, bytes: statSync(database).size, sha256: sha256(database) },
		};
		writeFileSync(path.join(files, 'manifest.json'), JSON.stringify(swapped));
		const archive = path.join(work, 'archive.tar.gz');
		await tar.create({ gzip: true, file: archive, cwd: files, portable: true }, ['manifest.json', manifest.database.file, 'uploads']);
		await stored.writeArchive(projectId, id, readFileSync(archive));
		// The summary last, as the stores write it: it makes the backup listed.
		await stored.writeSummary({ id, projectId, kind: 'manual', createdAt: swapped.createdAt, size: statSync(archive).size });
		return id;
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}
