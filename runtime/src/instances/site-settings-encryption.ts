/**
 * Directus's own encryption of settings fields marked `encrypt` (`license_key`, `license_token`,
 * the AI providers' keys): AES-256-GCM under a key derived from the site's SECRET, in Directus's
 * text format. A value written to such a column without it is unreadable to the site ("Failed to
 * decrypt field value"), so the runtime writes with Directus's function, never a copy of it.
 * @directus/api ships no types for its utils, hence the untyped specifier and the signature here.
 */
interface DirectusEncryption {
	encrypt(plainText: string, secret: string): Promise<string>;
	decrypt(encrypted: string, secret: string): Promise<string>;
}

const specifier: string = '@directus/api/utils/encrypt';
export const { encrypt: encryptSettingsValue, decrypt: decryptSettingsValue } = (await import(specifier)) as DirectusEncryption;
