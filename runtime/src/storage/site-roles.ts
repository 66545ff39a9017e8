/**
 * One PostgreSQL role per site, named as its database: it owns that database and everything in
 * it, and nothing else. It is no superuser, cannot create roles or databases, and no other role
 * may connect to its database (CONNECT and TEMPORARY are revoked from PUBLIC). So a site that runs
 * arbitrary SQL through Directus still reads and writes only its own data.
 *
 * Its password is derived from the runtime's secret (HMAC), so nothing more is stored: the runtime
 * sets it again at every start, which also carries a changed RUNTIME_SECRET over. Swarm sites are
 * the exception: each task gets a password of its own as it starts (the fence of docs/swarm.md,
 * Losing a node), which a runtime start leaves in place.
 */
import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';

/** Names reach SQL text (DDL takes no bind parameters): only the runtime's own name shape passes. */
export function quoteIdentifier(name: string): string {
	if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing unusual database name ${name}`);
	return `"${name}"`;
}

/** Hex only, so it can be written into CREATE ROLE's text without escaping. */
export function siteRolePassword(runtimeSecret: string, role: string): string {
	return createHmac('sha256', runtimeSecret).update(`site database role:${role}`).digest('hex');
}

/**
 * The password of one Swarm task of the site (task-password-grant.ts): each task that starts gets
 * its own, so a task Swarm has replaced no longer knows the role's.
 */
export function taskRolePassword(runtimeSecret: string, role: string, taskId: string): string {
	return createHmac('sha256', runtimeSecret).update(`site database role:${role}:task:${taskId}`).digest('hex');
}

/** Directus's pool holds at most five (postgres-databases.ts); upgrades and backups add one or two. */
const CONNECTION_LIMIT = 20;

const ROLE_ATTRIBUTES = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT CONNECTION LIMIT ${CONNECTION_LIMIT}`;

/**
 * Creates the role, or sets its password and attributes again if it exists. INHERIT: a database's
 * owner holds the public schema through pg_database_owner (PostgreSQL 15), a membership a
 * NOINHERIT role could not use; the role is a member of nothing else.
 */
export async function ensureSiteRole(admin: Knex, role: string, password: string): Promise<void> {
	const attributes = `${ROLE_ATTRIBUTES} PASSWORD '${password}'`;
	const exists = await admin.raw<{ rows: unknown[] }>('SELECT 1 FROM pg_roles WHERE rolname = ?', [role]);
	if (exists.rows.length) await admin.raw(`ALTER ROLE ${quoteIdentifier(role)} WITH ${attributes}`);
	else await admin.raw(`CREATE ROLE ${quoteIdentifier(role)} WITH ${attributes}`);
}

/**
 * The role's password becomes `password`, and every session it holds ends: a client that had the
 * old one keeps no connection and cannot open another.
 */
export async function fenceSiteRole(admin: Knex, role: string, password: string): Promise<void> {
	await admin.raw(`ALTER ROLE ${quoteIdentifier(role)} WITH PASSWORD '${password}'`);
	await admin.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ? AND pid <> pg_backend_pid()', [role]);
}

/**
 * A swarm task's own password (taskRolePassword), set on the site's role with every other session
 * of the role ended: a task Swarm replaced (one on a node it lost, which may still run) is fenced off.
 */
export async function grantTaskRolePassword(admin: Knex, runtimeSecret: string, role: string, taskId: string): Promise<string> {
	const password = taskRolePassword(runtimeSecret, role, taskId);
	await fenceSiteRole(admin, role, password);
	return password;
}

/** The role's attributes again, its password left as it is. */
export async function reassertSiteRole(admin: Knex, role: string): Promise<void> {
	await admin.raw(`ALTER ROLE ${quoteIdentifier(role)} WITH ${ROLE_ATTRIBUTES}`);
}

/** The role owns the database, and no one else may connect to it (superusers aside). */
export async function reserveDatabaseFor(admin: Knex, database: string, role: string): Promise<void> {
	await admin.raw(`ALTER DATABASE ${quoteIdentifier(database)} OWNER TO ${quoteIdentifier(role)}`);
	await admin.raw(`REVOKE ALL ON DATABASE ${quoteIdentifier(database)} FROM PUBLIC`);
}

/**
 * Hands every table, view and sequence of the connected database to the role. A clone's objects
 * belong to whoever made the template, and the bootstrap superuser's cannot be handed over with
 * REASSIGN OWNED. ALTER TABLE takes a table's own sequences with it; unowned ones go next.
 */
export async function handObjectsTo(database: Knex, role: string): Promise<void> {
	const name = quoteIdentifier(role);
	await database.raw(`DO $$
DECLARE item record;
BEGIN
	FOR item IN
		SELECT c.oid::regclass AS relation, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
	LOOP
		EXECUTE format('ALTER %s %s OWNER TO ${name}',
			CASE item.kind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, item.relation);
	END LOOP;
	FOR item IN
		SELECT c.oid::regclass AS relation FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND c.relkind = 'S' AND c.relowner <> '${role}'::regrole
	LOOP
		EXECUTE format('ALTER SEQUENCE %s OWNER TO ${name}', item.relation);
	END LOOP;
END $$`);
}

/** Each existing database's owner, by name; databases that do not exist are left out. */
export async function databaseOwners(admin: Knex, databases: string[]): Promise<Map<string, string>> {
	const rows: { name: string; owner: string }[] = await admin
		.select('datname as name', admin.raw('pg_get_userbyid(datdba) as owner'))
		.from('pg_catalog.pg_database')
		.whereIn('datname', databases);
	return new Map(rows.map((row) => [row.name, row.owner]));
}

export async function dropSiteRole(admin: Knex, role: string): Promise<void> {
	await admin.raw(`DROP ROLE IF EXISTS ${quoteIdentifier(role)}`);
}
