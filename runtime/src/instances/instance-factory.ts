/**
 * Makes and unmakes an instance's resources: its folder, its database (a clone of the template)
 * and the admin row. The record is written first, naming every resource before it exists, so a
 * crash at any point leaves a record that says exactly what to tear down.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '../config.ts';
import { isInstanceProcess, killAndWait } from '../processes/process-table.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader, InstanceSpecWriter } from '../state/instance-store.ts';
import type { InstanceDatabases, TemplateInfo } from '../storage/instance-databases.ts';
import type { AdminCredentials, SiteResources } from '@epic/runtime-contract';
import { withInstanceDatabase, writeAdminCredentials, writeSettings } from './admin-account.ts';
import { adoptCopiedData, type CopyIdentity } from './copied-data.ts';
import { hasLicenseKey, writeLicenseKey } from './site-license.ts';
import type { SiteAdmin } from './site-tier.ts';

export interface ProjectIdentity {
	subdomain: string;
	projectName: string;
	admin: AdminCredentials;
	resources?: SiteResources | undefined;
}

export function instancesDir(config: RuntimeConfig): string {
	return path.join(config.dataDir, 'instances');
}

export class InstanceFactory {
	readonly #config: RuntimeConfig;
	readonly #store: InstanceReader & InstanceSpecWriter;
	readonly #databases: InstanceDatabases;
	readonly #template: TemplateInfo;
	/** The installed Directus, whose template every new instance is cloned from. */
	readonly #directusVersion: string;

	constructor(config: RuntimeConfig, store: InstanceReader & InstanceSpecWriter, databases: InstanceDatabases, template: TemplateInfo, directusVersion: string) {
		this.#config = config;
		this.#directusVersion = directusVersion;
		this.#store = store;
		this.#databases = databases;
		this.#template = template;
	}

	/** A new instance with its data in place, not yet started. `project` absent: a pool member. */
	async create(id: string, project: ProjectIdentity | null): Promise<InstanceRecord> {
		const dir = path.join(instancesDir(this.#config), randomUUID());
		const record: InstanceRecord = {
			id,
			kind: project ? 'project' : 'pool',
			phase: 'creating',
			desired: 'running',
			asleep: false,
			subdomain: project?.subdomain ?? null,
			domains: [],
			dir,
			storage: this.#databases.plan(dir),
			port: 0,
			pid: null,
			key: randomUUID(),
			secret: randomBytes(32).toString('base64url'),
			startedWithUrl: null,
			createdAt: new Date().toISOString(),
			lastRequestAt: null,
			directusVersion: this.#directusVersion,
			upgradeFailure: null,
			rollbackBackupId: null,
			...(project?.resources ? { resources: project.resources } : {}),
		};
		this.#store.put(record);
		try {
			mkdirSync(path.join(dir, 'uploads'), { recursive: true, mode: 0o700 });
			mkdirSync(path.join(dir, 'extensions'), { recursive: true });
			// Directus reads extension dependencies from a package.json; give it an empty one.
			writeFileSync(path.join(dir, 'package.json'), '{ "name": "site", "private": true }\n');
			await this.#databases.clone(record.storage);
			// Directus identifies a project (for licence activation) by this id; clones must not share it.
			await withInstanceDatabase(
				() => this.#databases.connect(record.storage),
				(db) => writeSettings(db, { project_id: randomUUID() }),
			);
			if (project) await this.applyProject(record, project);
			return this.#store.markReady(id);
		} catch (error) {
			await this.destroy(record);
			throw error;
		}
	}

	/** Writes a project's admin credentials and name into an instance's database. */
	async applyProject(record: InstanceRecord, project: Pick<ProjectIdentity, 'admin' | 'projectName'>): Promise<void> {
		await withInstanceDatabase(
			() => this.#databases.connect(record.storage),
			async (db) => {
				await writeAdminCredentials(db, this.#template.adminUserId, project.admin);
				await writeSettings(db, { project_name: project.projectName });
			},
		);
	}

	/** A restored copy's data made the copy's own (copied-data.ts); the site is stopped. */
	async adoptCopiedData(record: InstanceRecord, identity: CopyIdentity): Promise<void> {
		await withInstanceDatabase(
			() => this.#databases.connect(record.storage),
			(db) => adoptCopiedData(db, this.#template.adminUserId, identity),
		);
	}

	async setAdminCredentials(record: InstanceRecord, admin: AdminCredentials): Promise<void> {
		await withInstanceDatabase(
			() => this.#databases.connect(record.storage),
			(db) => writeAdminCredentials(db, this.#template.adminUserId, admin),
		);
	}

	/** The site's Directus licence key, or null to remove it (site-license.ts). */
	async setLicenseKey(record: InstanceRecord, key: string | null): Promise<void> {
		await withInstanceDatabase(
			() => this.#databases.connect(record.storage),
			(db) => writeLicenseKey(db, record.secret, key),
		);
	}

	async hasLicenseKey(record: InstanceRecord): Promise<boolean> {
		return withInstanceDatabase(() => this.#databases.connect(record.storage), hasLicenseKey);
	}

	/** The site's first administrator, as its database holds it now (site-tier.ts signs for it). */
	async siteAdmin(record: InstanceRecord): Promise<SiteAdmin> {
		const row = await withInstanceDatabase(
			() => this.#databases.connect(record.storage),
			(db) => db('directus_users').first('id', 'role').where({ id: this.#template.adminUserId }) as Promise<SiteAdmin | undefined>,
		);
		if (!row) throw new Error("the site's first administrator is gone");
		return row;
	}

	/** Removes the process (if one still runs), the database, the folder and finally the record. */
	async destroy(record: InstanceRecord): Promise<void> {
		if (record.pid && isInstanceProcess(record.pid, this.#config.dataDir, record.dir)) await killAndWait(record.pid, 'SIGKILL');
		await this.#databases.remove(record.storage);
		rmSync(record.dir, { recursive: true, force: true });
		this.#store.remove(record.id);
	}
}
