/**
 * What Directus itself keeps about a person besides the user row: sessions (signed-in devices),
 * the activity log (sign-ins with address and browser, changes made by or to the user) with its
 * revisions (which hold copies of the user row, email included), notifications and saved
 * presets. Deleting the user row alone leaves all of these behind.
 */
import type { Knex } from 'knex';

export async function erasePersonalTraces(database: Knex, userId: string): Promise<void> {
	await database.transaction(async (trx) => {
		await trx('directus_sessions').where({ user: userId }).delete();
		const activities = trx('directus_activity')
			.select('id')
			.where({ user: userId })
			.orWhere((about) => about.where({ collection: 'directus_users', item: userId }));
		await trx('directus_revisions').whereIn('activity', activities).delete();
		await trx('directus_revisions').where({ collection: 'directus_users', item: userId }).delete();
		await trx('directus_activity').where({ user: userId }).orWhere((about) => about.where({ collection: 'directus_users', item: userId })).delete();
		await trx('directus_notifications').where({ recipient: userId }).orWhere({ sender: userId }).delete();
		await trx('directus_presets').where({ user: userId }).delete();
	});
}
