/**
 * Secrets the embedded default generates on its first run and keeps in the data folder (mode 0600),
 * so a second `npm start` signs the same tokens and the printed admin password keeps working.
 * Values given in the environment always win and are never written to disk.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from '@epic/node-support/atomic-json';

export interface PlatformSecrets {
	secret: string;
	adminPassword: string;
	/** Shared by the control plane and the runtime's management API. */
	runtimeSecret: string;
	/** AES-256 key (32 bytes, base64url) that encrypts projects' admin passwords at rest. */
	credentialsKey: string;
	/** True only on the run that generated the admin password: the one time it is printed. */
	adminPasswordIsNew: boolean;
}

interface StoredSecrets {
	secret: string;
	adminPassword: string;
	/** Files written before the runtime existed lack it; it is added on the next start. */
	runtimeSecret: string;
	/** Likewise added to older files on the next start. */
	credentialsKey: string;
}

const FILE_NAME = 'secrets.json';

function generate(bytes: number): string {
	return randomBytes(bytes).toString('base64url');
}

export function loadOrCreateSecrets(
	dataDir: string,
	overrides: {
		SECRET?: string | undefined;
		ADMIN_PASSWORD?: string | undefined;
		RUNTIME_SECRET?: string | undefined;
		CREDENTIALS_KEY?: string | undefined;
	},
): PlatformSecrets {
	const file = path.join(dataDir, FILE_NAME);
	const found = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>) : undefined;
	const adminPasswordIsNew = !found && !overrides.ADMIN_PASSWORD;
	const stored: StoredSecrets = {
		secret: found?.secret ?? generate(48),
		adminPassword: found?.adminPassword ?? generate(18),
		runtimeSecret: found?.runtimeSecret ?? generate(48),
		credentialsKey: found?.credentialsKey ?? generate(32),
	};
	if (!found?.runtimeSecret || !found.credentialsKey) writeJsonAtomic(file, stored, { mode: 0o600, indent: 2 });

	return {
		secret: overrides.SECRET ?? stored.secret,
		adminPassword: overrides.ADMIN_PASSWORD ?? stored.adminPassword,
		runtimeSecret: overrides.RUNTIME_SECRET ?? stored.runtimeSecret,
		credentialsKey: overrides.CREDENTIALS_KEY ?? stored.credentialsKey,
		adminPasswordIsNew,
	};
}
