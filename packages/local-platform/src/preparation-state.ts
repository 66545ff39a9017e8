/**
 * Remembers what the database was last prepared from, so a later `npm start` skips the three
 * Directus commands (~3.5 s each, mostly module loading) when nothing they depend on has changed.
 * "Unchanged" means the same schema snapshot, migration files, Directus version and database, and
 * the database itself records our latest migration (so a wiped database is prepared again).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import knex from 'knex';
import { writeJsonAtomic } from '@epic/node-support/atomic-json';
import { databaseConnection } from '@epic/node-support/database-connection';
import { directusVersion } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';

const MIGRATIONS_DIR = repoPath('migrations');

function migrationFiles(): string[] {
	return readdirSync(MIGRATIONS_DIR)
		.filter((file) => file.endsWith('.mjs'))
		.sort();
}

export function preparationFingerprint(env: Record<string, string>, snapshotFile: string): string {
	const hash = createHash('sha256');
	hash.update(directusVersion());
	hash.update(readFileSync(snapshotFile));
	for (const file of migrationFiles()) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
	hash.update(env['DB_CLIENT'] ?? '').update(env['DB_FILENAME'] ?? env['DB_CONNECTION_STRING'] ?? '');
	return hash.digest('hex');
}

async function databaseHasLatestMigration(env: Record<string, string>): Promise<boolean> {
	const latest = migrationFiles().at(-1)?.split('-')[0];
	if (!latest) return true;
	if (env['DB_CLIENT'] !== 'pg' && !existsSync(env['DB_FILENAME'] ?? '')) return false;
	const db = knex(databaseConnection(env));
	try {
		return Boolean(await db('directus_migrations').where({ version: latest }).first());
	} catch {
		return false;
	} finally {
		await db.destroy();
	}
}

export async function isPreparationCurrent(stateFile: string, fingerprint: string, env: Record<string, string>): Promise<boolean> {
	if (!existsSync(stateFile)) return false;
	const recorded = (JSON.parse(readFileSync(stateFile, 'utf8')) as { fingerprint?: string }).fingerprint;
	return recorded === fingerprint && (await databaseHasLatestMigration(env));
}

export function recordPreparation(stateFile: string, fingerprint: string): void {
	writeJsonAtomic(stateFile, { fingerprint, preparedAt: new Date().toISOString() }, { indent: 2 });
}
