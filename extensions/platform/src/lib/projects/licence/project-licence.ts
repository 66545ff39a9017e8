/**
 * A project's Directus licence key (docs/product.md, Directus tier): stored encrypted like the
 * project's admin password (credentials/credentials-cipher.ts, bound to the project's id), given to
 * the project's site by the runtime (PUT /instances/:id/license) once the site serves on its
 * public URL, removed from the site on request and before the site is deleted. `licence_key_pending`
 * marks a key the site has not received yet: the runtime refuses it (409) while a site handed out
 * from the warm pool is relaunched on its URL, and the schedule gives it again. Nothing here logs
 * or returns the key.
 */
import type { Knex } from 'knex';
import { RuntimeRequestError } from '../../runtime-driver/local-runtime-driver.ts';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import type { CredentialsCipher } from '../credentials/credentials-cipher.ts';

export interface ProjectLicenceOptions {
	database: Knex;
	driver: RuntimeDriver;
	cipher: CredentialsCipher;
	logger: { info(message: string): void; warn(message: string): void };
}

const notFound = (error: unknown) => error instanceof RuntimeRequestError && error.status === 404;

export class ProjectLicence {
	readonly #options: ProjectLicenceOptions;

	constructor(options: ProjectLicenceOptions) {
		this.#options = options;
	}

	/** Stores the (validated) key encrypted and gives it to the site now if it can take it, else later. */
	async set(projectId: string, key: string): Promise<void> {
		const { database, cipher } = this.#options;
		await database('projects')
			.where({ id: projectId })
			.update({ licence_key: cipher.encrypt(projectId, key), licence_key_pending: true });
		await this.deliver(projectId);
	}

	/**
	 * Takes the key off the site first (not found: there is no site to hold it), then forgets it; a
	 * runtime that cannot be told refuses the removal and nothing changes.
	 */
	async remove(projectId: string): Promise<void> {
		try {
			await this.#options.driver.setLicenceKey(projectId, null);
		} catch (error) {
			if (!notFound(error)) throw error;
		}
		await this.#options.database('projects').where({ id: projectId }).update({ licence_key: null, licence_key_pending: false });
		this.#options.logger.info(`Project ${projectId}: licence key removed`);
	}

	/** Before a project's site is deleted: its key off the site, best effort (the site goes anyway). */
	async removeBeforeTeardown(projectId: string): Promise<void> {
		const row = (await this.#options.database('projects').first('licence_key').where({ id: projectId })) as { licence_key: string | null } | undefined;
		if (!row?.licence_key) return;
		try {
			await this.#options.driver.setLicenceKey(projectId, null);
			this.#options.logger.info(`Project ${projectId}: licence key removed from the site before its deletion`);
		} catch (error) {
			if (!notFound(error)) this.#options.logger.warn(`Project ${projectId}: the licence key could not be removed from the site before its deletion: ${(error as Error).message}`);
		}
	}

	/**
	 * Gives a pending key to the project's site. Returns whether it was delivered; a site not on its
	 * URL yet, not made yet or a runtime out of reach leave it pending for the next pass.
	 */
	async deliver(projectId: string): Promise<boolean> {
		const { database, cipher, driver, logger } = this.#options;
		const row = (await database('projects').first('licence_key', 'licence_key_pending').where({ id: projectId })) as
			{ licence_key: string | null; licence_key_pending: unknown } | undefined;
		if (!row?.licence_key || !row.licence_key_pending) return false;
		try {
			await driver.setLicenceKey(projectId, cipher.decrypt(projectId, row.licence_key));
		} catch (error) {
			const reason = error instanceof RuntimeRequestError ? error.code : (error as Error).message;
			logger.info(`Project ${projectId}: the licence key waits for the site (${reason})`);
			return false;
		}
		// Only the key that was sent: a newer one saved meanwhile stays pending.
		await database('projects').where({ id: projectId, licence_key: row.licence_key }).update({ licence_key_pending: false });
		logger.info(`Project ${projectId}: licence key given to the site`);
		return true;
	}

	/** Every published project whose site still waits for its key; on the provisioning schedule. */
	async deliverPending(): Promise<void> {
		const rows = (await this.#options.database('projects').select('id').where({ licence_key_pending: true, status: 'published' })) as { id: string }[];
		for (const { id } of rows) await this.deliver(id);
	}
}
