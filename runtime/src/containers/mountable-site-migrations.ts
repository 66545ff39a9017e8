/**
 * Site containers mount the site migrations read-only by the path their environment names
 * (MIGRATIONS_PATH), and the Docker engine resolves a mount's source on the host. A runtime that
 * itself runs in a container (docker-compose.yml) has its migrations in its image, a path the host
 * does not have; its data folder is bind-mounted at the same path on both sides. So the runtime
 * copies them there at each start, where the engine can mount them whichever way it runs.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

export function mountableSiteMigrations(sourceDir: string, dataDir: string): string {
	const copy = path.join(dataDir, 'site-migrations');
	if (path.resolve(sourceDir) === copy) return copy;
	rmSync(copy, { recursive: true, force: true });
	cpSync(sourceDir, copy, { recursive: true });
	return copy;
}
