/**
 * Which control-plane process provisions a project now. A process claims a project by writing its
 * id and an expiry into the row, only if no other process holds an unexpired claim: one conditional
 * UPDATE, atomic on SQLite and PostgreSQL alike, so two processes on one database never provision
 * the same project at once. A process that dies leaves its claim to expire; the next run takes over.
 */
import type { Knex } from 'knex';
import { toDbTimestamp } from '../../database/db-values.ts';

export class ProvisioningLease {
	readonly #database: Knex;
	readonly #owner: string;
	readonly #durationMs: number;

	constructor(database: Knex, owner: string, durationMs: number) {
		this.#database = database;
		this.#owner = owner;
		this.#durationMs = durationMs;
	}

	/** How often a holder renews its claim while it works: well inside the claim's duration. */
	get renewEveryMs(): number {
		return Math.floor(this.#durationMs / 3);
	}

	/** True when this process now holds the project. */
	async claim(projectId: string, now: Date): Promise<boolean> {
		const db = this.#database;
		const claimed = await db('projects')
			.where({ id: projectId })
			.andWhere((free) =>
				free.whereNull('provisioning_lease_until').orWhere('provisioning_lease_until', '<', toDbTimestamp(db, now)).orWhere('provisioning_lease_owner', this.#owner),
			)
			.update({ provisioning_lease_owner: this.#owner, provisioning_lease_until: toDbTimestamp(db, new Date(now.getTime() + this.#durationMs)) });
		return claimed === 1;
	}

	async release(projectId: string): Promise<void> {
		await this.#database('projects').where({ id: projectId, provisioning_lease_owner: this.#owner }).update({ provisioning_lease_owner: null, provisioning_lease_until: null });
	}
}
