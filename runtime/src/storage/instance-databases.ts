/**
 * Where instances keep their data. A template is bootstrapped once per runtime (and per Directus
 * version); every new instance is a clone of it, which takes milliseconds instead of the seconds
 * `directus bootstrap` needs. Two implementations: SQLite files and PostgreSQL databases.
 */
import type { Knex } from 'knex';
import type { InstanceStorage } from '../state/instance-record.ts';

export interface TemplateInfo {
	/** The id of the one admin user every clone inherits and the runtime rewrites. */
	adminUserId: string;
}

export interface InstanceDatabases {
	/** Bootstraps the template unless a complete one exists; safe to call after any crash. */
	prepareTemplate(): Promise<TemplateInfo>;
	/** Names the storage a new instance will get, before anything exists (recorded first). */
	plan(instanceDir: string): InstanceStorage;
	clone(storage: InstanceStorage): Promise<void>;
	remove(storage: InstanceStorage): Promise<void>;
	directusEnv(storage: InstanceStorage): Record<string, string>;
	connect(storage: InstanceStorage): Knex;
	/**
	 * Writes a consistent copy of the database to `file` while the site keeps serving (SQLite:
	 * `VACUUM INTO`; PostgreSQL: `pg_dump`, one snapshot).
	 */
	dump(storage: InstanceStorage, file: string): Promise<void>;
	/** Replaces the database's whole content with a dump `dump` wrote. The site must be stopped. */
	load(storage: InstanceStorage, file: string): Promise<void>;
	/** Bytes the instance's database takes on disk (the SQLite file lives in its folder). */
	databaseBytes(storage: InstanceStorage): Promise<number>;
	/**
	 * Gives each referenced database its own role again, with the password the runtime's secret
	 * derives (PostgreSQL only; see site-roles.ts).
	 */
	secureReferenced(referenced: InstanceStorage[]): Promise<void>;
	/**
	 * Sets the site's role's password back to the one `directusEnv` gives, which a swarm task's own
	 * may have replaced (site-roles.ts), before the runtime connects as the site. The site must be stopped.
	 */
	resetSitePassword(storage: InstanceStorage): Promise<void>;
	/** Drops databases (and their roles) this runtime created that no record references (PostgreSQL only). */
	removeUnreferenced(referenced: InstanceStorage[]): Promise<string[]>;
	close(): Promise<void>;
}
