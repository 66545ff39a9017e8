/**
 * Account deletion's part of the contact form: the person's messages go (they hold their name,
 * address and words), those sent while signed in and those sent from the account's address.
 */
import type { Knex } from 'knex';

/** Returns the ids deleted, whose history in Directus's activity log goes too. */
export async function forgetContactMessagesOf(database: Knex, userId: string, email: string): Promise<string[]> {
	const rows = (await database('contact_messages').select('id').where({ user: userId }).orWhereRaw('lower(email) = ?', [email.toLowerCase()])) as {
		id: string;
	}[];
	const ids = rows.map(({ id }) => String(id));
	if (ids.length > 0) await database('contact_messages').whereIn('id', ids).delete();
	return ids;
}
