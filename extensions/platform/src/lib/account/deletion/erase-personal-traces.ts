/**
 * What Directus itself keeps about a person besides the user row: sessions (signed-in devices),
 * the activity log (sign-ins with address and browser, changes made by or to the user, and changes
 * to the person's other records, such as a project or the avatar file) with its revisions (which
 * hold copies of those rows, email included), notifications and saved presets; and what the
 * platform's outbox still holds for them (emails and notifications owed or sent, which carry their
 * address). Deleting the user row alone leaves all of these behind.
 */
import type { Knex } from 'knex';

/** Records of the person deleted elsewhere (projects, the avatar file), whose history goes too. */
export interface DeletedRecords {
	collection: string;
	ids: string[];
}

export async function erasePersonalTraces(database: Knex, userId: string, deleted: DeletedRecords[]): Promise<void> {
	await database.transaction(async (trx) => {
		const notifications = (await trx('directus_notifications').select('id').where({ recipient: userId }).orWhere({ sender: userId })).map((row: { id: number | string }) =>
			String(row.id),
		);
		const presets = (await trx('directus_presets').select('id').where({ user: userId })).map((row: { id: number | string }) => String(row.id));
		const records = [
			{ collection: 'directus_users', ids: [userId] },
			{ collection: 'directus_notifications', ids: notifications },
			{ collection: 'directus_presets', ids: presets },
			...deleted,
		].filter((record) => record.ids.length > 0);

		const activities = (query: Knex.QueryBuilder) => {
			query.where({ user: userId });
			for (const { collection, ids } of records) query.orWhere((about) => about.where({ collection }).whereIn('item', ids));
			return query;
		};
		await trx('directus_revisions')
			.whereIn('activity', activities(trx('directus_activity').select('id')))
			.delete();
		for (const { collection, ids } of records) await trx('directus_revisions').where({ collection }).whereIn('item', ids).delete();
		await activities(trx('directus_activity')).delete();
		await trx('directus_sessions').where({ user: userId }).delete();
		await trx('directus_notifications').whereIn('id', notifications).delete();
		await trx('directus_presets').whereIn('id', presets).delete();
		await trx('outbox').where({ recipient: userId }).delete();
	});
}
