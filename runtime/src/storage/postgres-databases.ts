/**
 * PostgreSQL instances: one database per instance, created with `CREATE DATABASE … TEMPLATE`
 * from a bootstrapped template database (about 120 ms), and one role of the same name that owns
 * it and is the only one the site connects as (site-roles.ts). Every name starts with the
 * runtime's prefix, so orphans can be found and two runtimes on one server never touch each other's.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import type { InstanceStorage } from '../state/instance-record.ts';
import type { InstanceDatabases, TemplateInfo } from './instance-databases.ts';
import { pgDump, pgRestore } from './pg-tools.ts';
import {
	databaseOwners,
	dropSiteRole,
	ensureSiteRole,
	grantTaskRolePassword,
	handObjectsTo,
	quoteIdentifier,
	reassertSiteRole,
	reserveDatabaseFor,
	siteRolePassword,
} from './site-roles.ts';
import { bootstrapTemplate } from './template-bootstrap.ts';

interface StoredTemplate extends TemplateInfo {
	database: string;
}

export class PostgresDatabases implements InstanceDatabases {
	readonly #adminUrl: string;
	readonly #prefix: string;
	readonly #templateDir: string;
	readonly #infoFile: string;
	readonly #admin: Knex;
	readonly #siteMigrationsDir: string;
	readonly #runtimeSecret: string;
	/** Swarm: each task's password is its own (grantTaskPassword), and a runtime start keeps it. */
	readonly #passwordsPerTask: boolean;
	#template: StoredTemplate | null = null;
	/** CREATE DATABASE … TEMPLATE fails while another session uses the template: one at a time. */
	#cloning: Promise<unknown> = Promise.resolve();

	constructor(runtimeDir: string, directusVersion: string, adminUrl: string, prefix: string, siteMigrationsDir: string, runtimeSecret: string, passwordsPerTask = false) {
		this.#adminUrl = adminUrl;
		this.#runtimeSecret = runtimeSecret;
		this.#passwordsPerTask = passwordsPerTask;
		this.#siteMigrationsDir = siteMigrationsDir;
		this.#prefix = prefix;
		this.#templateDir = path.join(runtimeDir, 'template');
		this.#infoFile = path.join(this.#templateDir, `pg-${prefix}-${directusVersion}.json`);
		this.#admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 2 } });
	}

	/** The admin's connection to `database`. */
	#urlFor(database: string): string {
		const url = new URL(this.#adminUrl);
		url.pathname = `/${database}`;
		return url.toString();
	}

	/** The site's own connection: its role (named as its database), its password. */
	#siteUrlFor(database: string): string {
		const url = new URL(this.#urlFor(database));
		url.username = database;
		url.password = siteRolePassword(this.#runtimeSecret, database);
		return url.toString();
	}

	/** Runs `work` on an admin connection to `database` (not the admin URL's own database). */
	async #inDatabase(database: string, work: (db: Knex) => Promise<void>): Promise<void> {
		const db = knex({ client: 'pg', connection: this.#urlFor(database), pool: { min: 0, max: 1 } });
		try {
			await work(db);
		} finally {
			await db.destroy();
		}
	}

	/** The site's role (named as its database) exists, with the password the runtime's secret derives. */
	async #ensureRole(database: string): Promise<void> {
		await ensureSiteRole(this.#admin, database, siteRolePassword(this.#runtimeSecret, database));
	}

	/** The site's role exists with its password, owns its database and all in it, and is its only user. */
	async #secure(database: string): Promise<void> {
		await this.#ensureRole(database);
		await reserveDatabaseFor(this.#admin, database, database);
		await this.#inDatabase(database, (db) => handObjectsTo(db, database));
	}

	async prepareTemplate(): Promise<TemplateInfo> {
		if (existsSync(this.#infoFile)) {
			this.#template = JSON.parse(readFileSync(this.#infoFile, 'utf8')) as StoredTemplate;
			// Templates made before site roles let any role connect.
			await this.#admin.raw(`REVOKE ALL ON DATABASE ${quoteIdentifier(this.#template.database)} FROM PUBLIC`);
			return this.#template;
		}
		mkdirSync(this.#templateDir, { recursive: true });
		const database = `${this.#prefix}_template_${randomBytes(4).toString('hex')}`;
		await this.#admin.raw(`CREATE DATABASE ${quoteIdentifier(database)}`);
		try {
			await this.#admin.raw(`REVOKE ALL ON DATABASE ${quoteIdentifier(database)} FROM PUBLIC`);
			const info = await bootstrapTemplate(this.#templateDir, { DB_CLIENT: 'pg', DB_CONNECTION_STRING: this.#urlFor(database) }, this.#siteMigrationsDir);
			this.#template = { ...info, database };
			// Written last: until this file exists the template counts as unfinished and is dropped.
			writeFileSync(this.#infoFile, JSON.stringify(this.#template));
			return this.#template;
		} catch (error) {
			await this.#drop(database);
			throw error;
		}
	}

	/**
	 * Exactly the names plan() and prepareTemplate() make, so another database or role on the
	 * server that merely starts with the prefix (the admin's own, say) is never taken for an orphan.
	 */
	#namePattern(withTemplates: boolean): string {
		return withTemplates ? `^${this.#prefix}_([0-9a-f]{16}|template_[0-9a-f]{8})$` : `^${this.#prefix}_[0-9a-f]{16}$`;
	}

	plan(): InstanceStorage {
		return { client: 'pg', database: `${this.#prefix}_${randomBytes(8).toString('hex')}` };
	}

	async clone(storage: InstanceStorage): Promise<void> {
		const template = this.#template;
		if (!template) throw new Error('prepareTemplate() must run before clone()');
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		const database = storage.database;
		const create = this.#cloning.then(() => this.#admin.raw(`CREATE DATABASE ${quoteIdentifier(database)} TEMPLATE ${quoteIdentifier(template.database)}`));
		this.#cloning = create.catch(() => {});
		await create;
		await this.#secure(database);
	}

	async remove(storage: InstanceStorage): Promise<void> {
		if (storage.client !== 'pg') return;
		await this.#drop(storage.database);
		await dropSiteRole(this.#admin, storage.database);
	}

	/**
	 * Gives every referenced database its role again: records made before site roles get theirs,
	 * and each role's password follows the runtime's current secret.
	 */
	async secureReferenced(referenced: InstanceStorage[]): Promise<void> {
		const databases = referenced.flatMap((storage) => (storage.client === 'pg' ? [storage.database] : []));
		if (!databases.length) return;
		// One query for every owner: this runs at each start, for every site.
		for (const [database, owner] of await databaseOwners(this.#admin, databases)) {
			if (owner !== database) await this.#secure(database);
			// A running swarm task holds its own password: setting the derived one would lock it out.
			else if (this.#passwordsPerTask) await reassertSiteRole(this.#admin, database);
			else await this.#ensureRole(database);
		}
	}

	/** A swarm task's own password on the site's role, every other session ended (grantTaskRolePassword). */
	async grantTaskPassword(storage: InstanceStorage, taskId: string): Promise<string> {
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		return grantTaskRolePassword(this.#admin, this.#runtimeSecret, storage.database, taskId);
	}

	async resetSitePassword(storage: InstanceStorage): Promise<void> {
		if (storage.client === 'pg') await this.#ensureRole(storage.database);
	}

	async #drop(database: string): Promise<void> {
		await this.#admin.raw(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
	}

	directusEnv(storage: InstanceStorage): Record<string, string> {
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		return {
			DB_CLIENT: 'pg',
			DB_CONNECTION_STRING: this.#siteUrlFor(storage.database),
			// Many sites share one server: an idle site holds no connection, a busy one at most five
			// (knex's default, 2 to 10 each, exhausts max_connections=100 at a handful of sites).
			DB_POOL__MIN: '0',
			DB_POOL__MAX: '5',
		};
	}

	connect(storage: InstanceStorage): Knex {
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		return knex({ client: 'pg', connection: this.#urlFor(storage.database), pool: { min: 0, max: 1 } });
	}

	async dump(storage: InstanceStorage, file: string): Promise<void> {
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		await pgDump(this.#urlFor(storage.database), file);
	}

	/**
	 * Drops the database and loads the dump into a new, empty one of the same name, as the site's
	 * role, so everything the dump makes is the site's.
	 */
	async load(storage: InstanceStorage, file: string): Promise<void> {
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		const database = storage.database;
		await this.#drop(database);
		await this.#ensureRole(database);
		// template0: nothing the server's default template may hold gets in the way of the dump.
		await this.#admin.raw(`CREATE DATABASE ${quoteIdentifier(database)} TEMPLATE template0`);
		await reserveDatabaseFor(this.#admin, database, database);
		await pgRestore(this.#urlFor(database), file, database);
	}

	async databaseBytes(storage: InstanceStorage): Promise<number> {
		if (storage.client !== 'pg') return 0;
		const result = await this.#admin.raw<{ rows: { bytes: string }[] }>('SELECT pg_database_size(?) AS bytes', [storage.database]);
		return Number(result.rows[0]?.bytes ?? 0);
	}

	async removeUnreferenced(referenced: InstanceStorage[]): Promise<string[]> {
		const keep = new Set(referenced.flatMap((storage) => (storage.client === 'pg' ? [storage.database] : [])));
		if (this.#template) keep.add(this.#template.database);
		const result = await this.#admin.raw<{ rows: { datname: string }[] }>('SELECT datname FROM pg_database WHERE datname ~ ?', [this.#namePattern(true)]);
		const orphans = result.rows.map((row) => row.datname).filter((name) => !keep.has(name));
		for (const name of orphans) await this.#drop(name);
		// A role whose database is gone (a crash between the two drops) goes too.
		const roles = await this.#admin.raw<{ rows: { rolname: string }[] }>('SELECT rolname FROM pg_roles WHERE rolname ~ ?', [this.#namePattern(false)]);
		for (const { rolname } of roles.rows) if (!keep.has(rolname)) await dropSiteRole(this.#admin, rolname);
		return orphans;
	}

	async close(): Promise<void> {
		await this.#admin.destroy();
	}
}
