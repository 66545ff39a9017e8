/**
 * Secrets the embedded default generates on its first run and keeps in the data folder (mode 0600),
 * so a second `npm start` signs the same tokens and the printed admin password keeps working.
 * Values given in the environment always win and are never written to disk.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PlatformSecrets {
	secret: string;
	adminPassword: string;
	/** True only on the run that generated the admin password: the one time it is printed. */
	adminPasswordIsNew: boolean;
}

interface StoredSecrets {
	secret: string;
	adminPassword: string;
}

const FILE_NAME = 'secrets.json';

function generate(bytes: number): string {
	return randomBytes(bytes).toString('base64url');
}

export function loadOrCreateSecrets(
	dataDir: string,
	overrides: { SECRET?: string | undefined; ADMIN_PASSWORD?: string | undefined },
): PlatformSecrets {
	const file = path.join(dataDir, FILE_NAME);
	let stored: StoredSecrets | undefined;
	if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;

	const adminPasswordIsNew = !stored && !overrides.ADMIN_PASSWORD;
	if (!stored) {
		stored = { secret: generate(48), adminPassword: generate(18) };
		writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
	}

	return {
		secret: overrides.SECRET ?? stored.secret,
		adminPassword: overrides.ADMIN_PASSWORD ?? stored.adminPassword,
		adminPasswordIsNew,
	};
}
