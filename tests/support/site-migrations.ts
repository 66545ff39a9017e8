/**
 * A folder of site migrations for a test runtime (SITE_MIGRATIONS_PATH, which upgrades apply), and
 * migrations written into it while the runtime runs.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A new, empty folder; the caller removes it. */
export function siteMigrationsFolder(): string {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'epic-site-migrations-'));
	// Sites (and their migrations) run as uids of their own under root: they read it as others do.
	chmodSync(folder, 0o755);
	return folder;
}

/** A migration whose `up` runs `up` (code using `knex`), named `file` (`YYYYMMDDX-name.mjs`). */
export function writeSiteMigration(folder: string, file: string, up: string): void {
	writeFileSync(path.join(folder, file), `export async function up(knex) {\n${up}\n}\nexport async function down() {}\n`);
}
