/**
 * Every project gets its proof-of-ownership token for custom domains (`domain_token`, a column the
 * snapshot adds; new projects get theirs from the bundle's `projects.items.create` filter). A domain
 * is served only while its TXT record holds the project's token, so projects made before this have
 * theirs now, to show their owners. `down` leaves the tokens: the column goes with the snapshot.
 */
import { randomBytes } from 'node:crypto';

export async function up(knex) {
	const rows = await knex('projects').select('id').whereNull('domain_token');
	for (const { id } of rows) {
		await knex('projects')
			.where({ id })
			.whereNull('domain_token')
			.update({ domain_token: randomBytes(16).toString('hex') });
	}
}

export async function down() {}
