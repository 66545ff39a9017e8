/**
 * PostgreSQL instances: one database per instance, created with `CREATE DATABASE … TEMPLATE`
 * from a bootstrapped template database (about 120 ms). Every name starts with the runtime's
 * prefix, so orphans can be found and two runtimes on one server never touch each other's.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import type { InstanceStorage } from '../state/instance-record.ts';
import type { InstanceDatabases, TemplateInfo } from './instance-databases.ts';
import { pgDump, pgRestore } from './pg-tools.ts';
import { bootstrapTemplate } from './template-bootstrap.ts';

interface StoredTemplate extends TemplateInfo {
	database: string;
}

function quoteIdentifier(name: string): string {
	if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing unusual database name ${name}`);
	return `"${name}"`;
}

export class PostgresDatabases implements InstanceDatabases {
	readonly #adminUrl: string;
	readonly #prefix: string;
	readonly #templateDir: string;
	readonly #infoFile: string;
	readonly #admin: Knex;
	readonly #siteMigrationsDir: string;
	#template: StoredTemplate | null = null;
	/** CREATE DATABASE … TEMPLATE fails while another session uses the template: one at a time. */
	#cloning: Promise<unknown> = Promise.resolve();

	constructor(runtimeDir: string, directusVersion: string, adminUrl: string, prefix: string, siteMigrationsDir: string) {
		this.#adminUrl = adminUrl;
		this.#siteMigrationsDir = siteMigrationsDir;
		this.#prefix = prefix;
		this.#templateDir = path.join(runtimeDir, 'template');
		this.#infoFile = path.join(this.#templateDir, `pg-${prefix}-${directusVersion}.json`);
		this.#admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 2 } });
	}

	#urlFor(database: string): string {
		const url = new URL(this.#adminUrl);
		url.pathname = `/${database}`;
		return url.toString();
	}

	async prepareTemplate(): Promise<TemplateInfo> {
		if (existsSync(this.#infoFile)) {
			this.#template = JSON.parse(readFileSync(this.#infoFile, 'utf8')) as StoredTemplate;
			return this.#template;
		}
		mkdirSync(this.#templateDir, { recursive: true });
		const database = `${this.#prefix}_template_${randomBytes(4).toString('hex')}`;
		await this.#admin.raw(`CREATE DATABASE ${quoteIdentifier(database)}`);
		try {
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

	plan(): InstanceStorage {
		return { client: 'pg', database: `${this.#prefix}_${randomBytes(8).toString('hex')}` };
	}

	async clone(storage: InstanceStorage): Promise<void> {
		const template = this.#template;
		if (!template) throw new Error('prepareTemplate() must run before clone()');
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		const database = storage.database;
		const create = this.#cloning.then(() =>
			this.#admin.raw(`CREATE DATABASE ${quoteIdentifier(database)} TEMPLATE ${quoteIdentifier(template.database)}`),
		);
		this.#cloning = create.catch(() => {});
		await create;
	}

	async remove(storage: InstanceStorage): Promise<void> {
		if (storage.client === 'pg') await this.#drop(storage.database);
	}

	async #drop(database: string): Promise<void> {
		await this.#admin.raw(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
	}

	directusEnv(storage: InstanceStorage): Record<string, string> {
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		return {
			DB_CLIENT: 'pg',
			DB_CONNECTION_STRING: this.#urlFor(storage.database),
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

	/** Drops the database and loads the dump into a new, empty one of the same name. */
	async load(storage: InstanceStorage, file: string): Promise<void> {
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		await this.#drop(storage.database);
		// template0: nothing the server's default template may hold gets in the way of the dump.
		await this.#admin.raw(`CREATE DATABASE ${quoteIdentifier(storage.database)} TEMPLATE template0`);
		await pgRestore(this.#urlFor(storage.database), file);
	}

	async databaseBytes(storage: InstanceStorage): Promise<number> {
		if (storage.client !== 'pg') return 0;
		const result = await this.#admin.raw<{ rows: { bytes: string }[] }>('SELECT pg_database_size(?) AS bytes', [storage.database]);
		return Number(result.rows[0]?.bytes ?? 0);
	}

	async removeUnreferenced(referenced: InstanceStorage[]): Promise<string[]> {
		const keep = new Set(referenced.flatMap((storage) => (storage.client === 'pg' ? [storage.database] : [])));
		if (this.#template) keep.add(this.#template.database);
		const result = await this.#admin.raw<{ rows: { datname: string }[] }>(
			`SELECT datname FROM pg_database WHERE datname LIKE ? ESCAPE '!'`,
			[`${this.#prefix.replace(/_/g, '!_')}!_%`],
		);
		const orphans = result.rows.map((row) => row.datname).filter((name) => !keep.has(name));
		for (const name of orphans) await this.#drop(name);
		return orphans;
	}

	async close(): Promise<void> {
		await this.#admin.destroy();
	}
}
