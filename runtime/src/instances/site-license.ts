/**
 * A project's Directus licence key on its site (docs/product.md, Directus tier). The key goes into
 * the site's own settings row (`directus_settings.license_key`, encrypted as Directus does, without a token), never into its
 * environment: Directus activates a key from the settings at its next start and, when the licence
 * server cannot validate it, logs so and keeps serving on the core tier, whereas a `LICENSE_KEY` it
 * cannot validate ends the process at start (Directus 12.4, license/manager.js). Nothing here
 * prints the key: messages name the project and what happened.
 */
import type { Knex } from 'knex';
import { writeSettings } from './admin-account.ts';
import { encryptSettingsValue } from './site-settings-encryption.ts';

const DEACTIVATE_TIMEOUT_MS = 15_000;

/**
 * The key (encrypted as Directus encrypts the column, with the site's SECRET), or null to remove
 * it; the token of an earlier activation goes either way, so Directus activates afresh.
 */
export async function writeLicenseKey(db: Knex, secret: string, key: string | null): Promise<void> {
	await writeSettings(db, { license_key: key === null ? null : await encryptSettingsValue(key, secret), license_token: null });
}

export async function hasLicenseKey(db: Knex): Promise<boolean> {
	const row = (await db('directus_settings').first('license_key')) as { license_key: string | null } | undefined;
	return Boolean(row?.license_key);
}

/**
 * Asks the running site to release its activation with Directus's licence server (`DELETE
 * /license`, as its first administrator), so a key with few activations can be used elsewhere.
 * Best effort: a key that never activated (no licence server) has nothing to release. Returns
 * what happened, for the runtime's log.
 */
export async function deactivateSiteLicense(port: number, token: string): Promise<string> {
	try {
		const response = await fetch(`http://127.0.0.1:${port}/license`, {
			method: 'DELETE',
			headers: { authorization: `Bearer ${token}` },
			signal: AbortSignal.timeout(DEACTIVATE_TIMEOUT_MS),
		});
		await response.body?.cancel();
		return response.ok ? 'released its activation' : `could not release an activation (the site answered ${response.status})`;
	} catch (error) {
		return `could not release an activation (${(error as Error).name})`;
	}
}
