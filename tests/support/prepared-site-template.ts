/**
 * A test runtime's SQLite site template, copied in before its first start instead of made again.
 *
 * A runtime makes its template at its first start (`directus bootstrap` with the site migrations:
 * about 7 s of one core) and keeps it in its data folder; a run starts several dozen runtimes,
 * each on a new folder. The template is made once per set of inputs (the Directus version, the site
 * migrations' files and the runtime's code that makes it) by the runtime's own `SqliteDatabases`,
 * into a cache folder, and each test runtime's folder gets a copy where the runtime looks for it:
 * what the runtime finds is what it finds after a restart. A runtime with
 * `preparedSiteTemplate: false` still makes its own (the data-plane benchmark's runtime start
 * measures that).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { directusVersion } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';
import { DEFAULT_SITE_MIGRATIONS_DIR } from '../../runtime/src/config.ts';
import { SqliteDatabases } from '../../runtime/src/storage/sqlite-databases.ts';
import { withDirectoryLock } from './directory-lock.ts';

const CACHE = repoPath('node_modules', '.cache', 'epic-test-site-templates');

/** The folder a runtime keeps its templates in, under its data folder (SqliteDatabases). */
const TEMPLATES_FOLDER = 'template';

/** The code that makes a template: an edit to it makes a new one, as a new Directus version or site migration does. */
const TEMPLATE_MAKERS = ['runtime/src/storage/sqlite-databases.ts', 'runtime/src/storage/template-bootstrap.ts'].map((file) => repoPath(file));

function inputsKey(version: string): string {
	const hash = createHash('sha256').update(version);
	for (const name of readdirSync(DEFAULT_SITE_MIGRATIONS_DIR).sort()) {
		hash.update(name).update(readFileSync(path.join(DEFAULT_SITE_MIGRATIONS_DIR, name)));
	}
	for (const file of TEMPLATE_MAKERS) hash.update(readFileSync(file));
	return hash.digest('hex').slice(0, 16);
}

/** Copies the prepared template (made first if this run has none yet) into a new runtime's data folder. */
export async function copyPreparedSiteTemplate(runtimeDataDir: string): Promise<void> {
	const version = directusVersion();
	const prepared = path.join(CACHE, inputsKey(version));
	if (!existsSync(prepared)) {
		mkdirSync(CACHE, { recursive: true });
		await withDirectoryLock(`${prepared}.lock`, async () => {
			if (existsSync(prepared)) return;
			// Made beside its final name and renamed into place, so no reader copies half a template.
			const building = `${prepared}.${process.pid}.building`;
			rmSync(building, { recursive: true, force: true });
			try {
				await new SqliteDatabases(building, version, DEFAULT_SITE_MIGRATIONS_DIR).prepareTemplate();
				renameSync(building, prepared);
			} finally {
				rmSync(building, { recursive: true, force: true });
			}
		});
	}
	cpSync(path.join(prepared, TEMPLATES_FOLDER), path.join(runtimeDataDir, TEMPLATES_FOLDER), { recursive: true });
}
