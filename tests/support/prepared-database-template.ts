/**
 * A test control plane's database, prepared by copying a template rather than by running the three
 * preparation commands again (bootstrap, schema apply, migrate: ~10 s of one core each time, and a
 * run boots a few dozen control planes). The template itself is made by those same commands, through
 * `prepareControlPlaneDatabase`, once per set of inputs: it is named by the preparation fingerprint
 * (Directus version, schema snapshot, migration files) and the admin address bootstrap wrote, so an
 * edited migration or snapshot makes a new one. SQLite copies the file; PostgreSQL copies with
 * `CREATE DATABASE … TEMPLATE` on the same server. Each copy gets its own admin password.
 *
 * What preparation itself does is tested without the template: tests/integration/migrations.test.ts
 * prepares its database step by step, and `npm start`'s own tests prepare theirs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import argon2 from 'argon2';
import knex from 'knex';
import type pg from 'pg';
import { databaseConnection } from '@epic/node-support/database-connection';
import { repoPath } from '@epic/node-support/paths';
import { prepareControlPlaneDatabase, SCHEMA_SNAPSHOT } from '@epic/local-platform/control-plane';
import { preparationFingerprint } from '@epic/local-platform/preparation-state';
import { useWriteAheadLog } from '@epic/local-platform/sqlite-journal';
import { withDirectoryLock } from './directory-lock.ts';
import { withAdminClient } from './postgres.ts';

const SQLITE_TEMPLATES = repoPath('node_modules', '.cache', 'epic-test-templates');
const PG_TEMPLATE_PREFIX = 'epic_template_';

function templateKey(env: Record<string, string>): string {
	return createHash('sha256')
		.update(preparationFingerprint({ DB_CLIENT: env['DB_CLIENT'] ?? '' }, SCHEMA_SNAPSHOT))
		.update(env['ADMIN_EMAIL'] ?? '')
		.digest('hex')
		.slice(0, 16);
}

/**
 * Fills the (new, empty) database `env` points at with a prepared copy and gives its admin
 * `adminPassword`. `cwd`: where the preparation commands run when the template is made.
 */
export async function copyPreparedDatabase(env: Record<string, string>, adminPassword: string, cwd: string): Promise<void> {
	if (env['DB_CLIENT'] === 'pg') await copyPostgresTemplate(env, cwd);
	else await copySqliteTemplate(env, cwd);
	await setAdminPassword(env, adminPassword);
}

async function copySqliteTemplate(env: Record<string, string>, cwd: string): Promise<void> {
	const template = path.join(SQLITE_TEMPLATES, `${templateKey(env)}.db`);
	if (!existsSync(template)) {
		mkdirSync(SQLITE_TEMPLATES, { recursive: true });
		await withDirectoryLock(`${template}.lock`, async () => {
			if (existsSync(template)) return;
			// Made beside its final name and renamed into place, so no reader sees half a file.
			const building = `${template}.${process.pid}.building`;
			try {
				await prepareControlPlaneDatabase({ env: { ...env, DB_FILENAME: building }, cwd });
				// The last connection closed: the write-ahead log is folded into the file and removed.
				renameSync(building, template);
			} finally {
				for (const leftover of [building, `${building}-wal`, `${building}-shm`]) rmSync(leftover, { force: true });
			}
		});
	}
	copyFileSync(template, env['DB_FILENAME'] ?? '');
	await useWriteAheadLog(env);
}

async function copyPostgresTemplate(env: Record<string, string>, cwd: string): Promise<void> {
	const target = new URL(env['DB_CONNECTION_STRING'] ?? '');
	const targetName = decodeURIComponent(target.pathname.slice(1));
	const template = `${PG_TEMPLATE_PREFIX}${templateKey(env)}`;
	const server = new URL(target);
	server.pathname = '/postgres';
	await withAdminClient(server.toString(), async (admin) => {
		// Held by this session: a process that dies while making the template releases it.
		await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
		try {
			const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
			if (!rowCount) await makePostgresTemplate(admin, env, server, template, cwd);
		} finally {
			await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
		}
		await admin.query(`DROP DATABASE IF EXISTS "${targetName}" WITH (FORCE)`);
		await admin.query(`CREATE DATABASE "${targetName}" TEMPLATE "${template}"`);
	});
}

async function makePostgresTemplate(admin: pg.Client, env: Record<string, string>, server: URL, template: string, cwd: string): Promise<void> {
	// Templates of earlier inputs are of no further use on this server.
	const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PG_TEMPLATE_PREFIX}%'`);
	for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);

	const building = `${template}_${randomBytes(4).toString('hex')}`;
	await admin.query(`CREATE DATABASE "${building}"`);
	try {
		const url = new URL(server);
		url.pathname = `/${building}`;
		await prepareControlPlaneDatabase({ env: { ...env, DB_CONNECTION_STRING: url.toString() }, cwd });
		await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
	} catch (error) {
		await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
		throw error;
	}
}

/** Directus verifies any argon2 hash by the parameters it encodes; this is what bootstrap stores. */
async function setAdminPassword(env: Record<string, string>, adminPassword: string): Promise<void> {
	const db = knex(databaseConnection(env));
	try {
		const updated = await db('directus_users')
			.where({ email: (env['ADMIN_EMAIL'] ?? '').toLowerCase() })
			.update({ password: await argon2.hash(adminPassword) });
		if (updated !== 1) throw new Error(`The prepared database has no admin user ${env['ADMIN_EMAIL']} to give its password`);
	} finally {
		await db.destroy();
	}
}
