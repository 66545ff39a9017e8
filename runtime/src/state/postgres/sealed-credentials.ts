/**
 * An instance's credentials (its Directus KEY and SECRET) at rest in the state table: AES-256-GCM
 * under a key derived from RUNTIME_SECRET, the instance's id authenticated with each ciphertext,
 * so a value copied into another row does not open there. Anyone who can read the table but does
 * not hold the runtime's secret sees every other field and no credential. During a rotation
 * (RUNTIME_SECRET_PREVIOUS), a value sealed under the previous secret still opens, and says so, so
 * that it can be sealed again under the current one.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AcceptedSecrets } from '../../secrets/accepted-secrets.ts';

const VERSION = 'v1';
const IV_BYTES = 12;

export interface InstanceCredentials {
	key: string;
	secret: string;
}

export interface OpenedCredentials {
	credentials: InstanceCredentials;
	/** Sealed under RUNTIME_SECRET_PREVIOUS: to be sealed again under the current secret. */
	underPreviousSecret: boolean;
}

const sealKey = (runtimeSecret: string) => Buffer.from(hkdfSync('sha256', runtimeSecret, Buffer.alloc(0), 'epic runtime state: instance credentials', 32));

export class CredentialsSeal {
	/** The current secret's key first. */
	readonly #keys: Buffer[];

	constructor(secrets: AcceptedSecrets) {
		this.#keys = secrets.map(sealKey);
	}

	seal(id: string, credentials: InstanceCredentials): string {
		const iv = randomBytes(IV_BYTES);
		const cipher = createCipheriv('aes-256-gcm', this.#keys[0]!, iv).setAAD(Buffer.from(id, 'utf8'));
		const sealed = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
		return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
	}

	open(id: string, stored: string): OpenedCredentials {
		const [version, iv, tag, sealed, ...rest] = stored.split(':');
		if (version !== VERSION || !iv || !tag || sealed === undefined || rest.length) throw new Error(`instance ${id}: its sealed credentials are not in a known format`);
		for (const [index, key] of this.#keys.entries()) {
			try {
				const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(id, 'utf8'));
				decipher.setAuthTag(Buffer.from(tag, 'base64url'));
				const credentials = JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8')) as InstanceCredentials;
				return { credentials, underPreviousSecret: index > 0 };
			} catch {
				// GCM's tag did not check out under this key: the next one, if any.
			}
		}
		const tried = this.#keys.length > 1 ? 'RUNTIME_SECRET nor RUNTIME_SECRET_PREVIOUS' : 'this RUNTIME_SECRET';
		throw new Error(`instance ${id}: its credentials do not open with ${tried} (another runtime's secret, another row's value, or altered bytes)`);
	}
}
