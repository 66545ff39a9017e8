/**
 * A project's Studio admin credentials once its site exists: the password revealed to its owner
 * (decrypted from the project's row) and replaced on request, set on the site first and stored
 * only once the site took it, so the stored one always signs in.
 */
import type { Knex } from 'knex';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { generateAdminPassword } from './admin-password.ts';
import type { CredentialsCipher } from './credentials-cipher.ts';

export interface AdminCredentialsOptions {
	database: Knex;
	driver: Pick<RuntimeDriver, 'setAdminCredentials'>;
	cipher: CredentialsCipher;
}

export class ProjectAdminCredentials {
	readonly #options: AdminCredentialsOptions;

	constructor(options: AdminCredentialsOptions) {
		this.#options = options;
	}

	/** The stored admin password, decrypted (the caller has checked ownership and status). */
	reveal(projectId: string, stored: string): string {
		return this.#options.cipher.decrypt(projectId, stored);
	}

	/** A new admin password, set on the site first and stored only once the site took it. */
	async rotate(projectId: string, adminEmail: string): Promise<string> {
		const password = generateAdminPassword();
		await this.#options.driver.setAdminCredentials(projectId, { email: adminEmail, password });
		const { database, cipher } = this.#options;
		await database('projects')
			.where({ id: projectId })
			.update({ admin_password: cipher.encrypt(projectId, password), date_updated: database.fn.now() });
		return password;
	}
}
