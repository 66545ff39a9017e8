/**
 * Backup archives as a test needs them: a stored backup copied under a new id with its database
 * swapped for another one (manifest checksums made right, so verification passes), and a database
 * that is valid SQLite or PostgreSQL but not Directus's.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import pg from 'pg';
import * as tar from 'tar';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';
import type { BackupManifest, BackupSummary } from '@epic/runtime-contract';

/** The local store's folder of one project (runtime/src/backups/local-backup-store.ts). */
export function projectBackupDir(runtimeDataDir: string, projectId: string): string {
	return path.join(runtimeDataDir, 'backups', projectId);
}

export function archiveFile(runtimeDataDir: string, projectId: string, backupId: string): string {
	return path.join(projectBackupDir(runtimeDataDir, projectId), `${backupId}.tar.gz`);
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
export async function storeWithSwappedDatabase(
	runtimeDataDir: string,
	projectId: string,
	sourceId: string,
	makeDatabase: (file: string) => Promise<void>,
): Promise<string> {
	const work = mkdtempSync(path.join(os.tmpdir(), 'epic-archive-'));
	try {
		const files = path.join(work, 'files');
		mkdirSync(files);
		await tar.extract({ file: archiveFile(runtimeDataDir, projectId, sourceId), cwd: files, strict: true });
		const manifest = JSON.parse(readFileSync(path.join(files, 'manifest.json'), 'utf8')) as BackupManifest;
		const database = path.join(files, manifest.database.file);
		rmSync(database);
		await makeDatabase(database);
		const createdAt = new Date(Date.parse(manifest.createdAt) + 1000);
		const id = `${createdAt.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
		const swapped: BackupManifest = { ...manifest, id, kind: 'manual', createdAt: createdAt.toISOString(), database: { ...manifest.database, bytes: statSync(database).size, sha256: sha256(database) } };
		writeFileSync(path.join(files, 'manifest.json'), JSON.stringify(swapped));
		const archive = path.join(work, 'archive.tar.gz');
		await tar.create({ gzip: true, file: archive, cwd: files, portable: true }, ['manifest.json', manifest.database.file, 'uploads']);
		copyFileSync(archive, archiveFile(runtimeDataDir, projectId, id));
		const summary: BackupSummary = { id, projectId, kind: 'manual', createdAt: swapped.createdAt, size: statSync(archive).size };
		writeFileSync(path.join(projectBackupDir(runtimeDataDir, projectId), `${id}.json`), JSON.stringify(summary));
		return id;
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}
