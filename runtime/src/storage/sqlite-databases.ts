/**
 * SQLite instances: the template is one bootstrapped file; an instance's database is a copy of it
 * in the instance's own folder, so deleting the folder deletes everything the instance had.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import type { InstanceStorage } from '../state/instance-record.ts';
import type { InstanceDatabases, TemplateInfo } from './instance-databases.ts';
import { bootstrapTemplate } from './template-bootstrap.ts';

const DATABASE_FILE = 'data.db';

export class SqliteDatabases implements InstanceDatabases {
	readonly #templateDir: string;
	readonly #templateFile: string;
	readonly #infoFile: string;
	readonly #siteMigrationsDir: string;

	constructor(runtimeDir: string, directusVersion: string, siteMigrationsDir: string) {
		this.#siteMigrationsDir = siteMigrationsDir;
		this.#templateDir = path.join(runtimeDir, 'template', `sqlite-${directusVersion}`);
		this.#templateFile = path.join(this.#templateDir, 'template.db');
		this.#infoFile = path.join(this.#templateDir, 'template.json');
	}

	async prepareTemplate(): Promise<TemplateInfo> {
		if (existsSync(this.#infoFile)) return JSON.parse(readFileSync(this.#infoFile, 'utf8')) as TemplateInfo;
		// Bootstrap under a fresh name and rename at the end: a crash never leaves a half template.
		const workDir = path.join(this.#templateDir, `building-${randomUUID()}`);
		mkdirSync(workDir, { recursive: true });
		try {
			const file = path.join(workDir, 'template.db');
			const info = await bootstrapTemplate(workDir, { DB_CLIENT: 'sqlite3', DB_FILENAME: file }, this.#siteMigrationsDir);
			renameSync(file, this.#templateFile);
			writeFileSync(this.#infoFile, JSON.stringify(info));
			return info;
		} finally {
			rmSync(workDir, { recursive: true, force: true });
		}
	}

	plan(instanceDir: string): InstanceStorage {
		return { client: 'sqlite3', file: path.join(instanceDir, DATABASE_FILE) };
	}

	async clone(storage: InstanceStorage): Promise<void> {
		if (storage.client !== 'sqlite3') throw new Error('not a SQLite instance');
		copyFileSync(this.#templateFile, storage.file, constants.COPYFILE_FICLONE);
	}

	async remove(storage: InstanceStorage): Promise<void> {
		if (storage.client === 'sqlite3') rmSync(storage.file, { force: true });
	}

	directusEnv(storage: InstanceStorage): Record<string, string> {
		if (storage.client !== 'sqlite3') throw new Error('not a SQLite instance');
		return { DB_CLIENT: 'sqlite3', DB_FILENAME: storage.file };
	}

	connect(storage: InstanceStorage): Knex {
		if (storage.client !== 'sqlite3') throw new Error('not a SQLite instance');
		return knex({
			client: 'sqlite3',
			connection: { filename: storage.file },
			useNullAsDefault: true,
			// The instance's Directus may hold the write lock for a moment; wait instead of failing.
			pool: {
				min: 0,
				max: 1,
				afterCreate: (connection: { configure: (option: 'busyTimeout', ms: number) => void }, done: () => void) => {
					connection.configure('busyTimeout', 5000);
					done();
				},
			},
		});
	}

	async dump(storage: InstanceStorage, file: string): Promise<void> {
		const db = this.connect(storage);
		try {
			// A read transaction: the site keeps writing (it waits at most for the copy's own pages).
			await db.raw('VACUUM INTO ?', [file]);
		} finally {
			await db.destroy();
		}
	}

	async load(storage: InstanceStorage, file: string): Promise<void> {
		if (storage.client !== 'sqlite3') throw new Error('not a SQLite instance');
		// Copied beside the target and renamed over it: the file is never half written.
		const incoming = `${storage.file}.restoring`;
		copyFileSync(file, incoming);
		// A journal or WAL left by the old database would be replayed into the new one.
		for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${storage.file}${suffix}`, { force: true });
		renameSync(incoming, storage.file);
	}

	async databaseBytes(storage: InstanceStorage): Promise<number> {
		return storage.client === 'sqlite3' && existsSync(storage.file) ? statSync(storage.file).size : 0;
	}

	async secureReferenced(): Promise<void> {
		// A SQLite site's database is a file in its own folder: nothing to hand over.
	}

	async resetSitePassword(): Promise<void> {
		// A SQLite file has no password.
	}

	async removeUnreferenced(): Promise<string[]> {
		// SQLite files live in instance folders, which the recovery sweep removes as a whole.
		return [];
	}

	async close(): Promise<void> {}
}
