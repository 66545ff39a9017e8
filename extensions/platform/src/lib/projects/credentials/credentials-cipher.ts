/**
 * Projects' admin passwords at rest: AES-256-GCM with the key from `CREDENTIALS_KEY` (generated
 * into `data/secrets.json` by the embedded default). The project's id is authenticated with each
 * ciphertext, so a value copied into another project's row does not decrypt there. Stored as
 * `v1:<iv>:<tag>:<ciphertext>` (base64url); the version leaves room for a key rotation.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export class CredentialsCipherError extends Error {
	override name = 'CredentialsCipherError';
}

export class CredentialsCipher {
	readonly #key: Buffer;

	/** `key`: 32 bytes, base64 or base64url. */
	constructor(key: string) {
		this.#key = Buffer.from(key, 'base64url');
		if (this.#key.length !== 32) throw new CredentialsCipherError('CREDENTIALS_KEY must be 32 bytes, base64 or base64url encoded');
	}

	encrypt(projectId: string, plaintext: string): string {
		const iv = randomBytes(IV_BYTES);
		const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
		cipher.setAAD(Buffer.from(projectId, 'utf8'));
		const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
		return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
	}

	decrypt(projectId: string, stored: string): string {
		const [version, iv, tag, ciphertext, ...rest] = stored.split(':');
		if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
			throw new CredentialsCipherError('The stored credentials are not in a known format');
		}
		try {
			const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
			decipher.setAAD(Buffer.from(projectId, 'utf8'));
			decipher.setAuthTag(Buffer.from(tag, 'base64url'));
			return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
		} catch {
			// Another key, another project, or altered bytes: GCM tells them apart from nothing.
			throw new CredentialsCipherError('The stored credentials do not decrypt with this key for this project');
		}
	}
}
