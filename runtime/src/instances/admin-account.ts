/**
 * Writes a project's admin credentials and name straight into its database: the admin row every
 * clone inherits from the template gets the project's email and an argon2 hash of its password
 * (the format Directus itself writes), and its sessions are revoked. Works whether or not the
 * instance runs, which is what lets a warm-pool member be handed out without a restart.
 */
import type { AdminCredentials } from '@epic/runtime-contract';
import argon2 from 'argon2';
import type { Knex } from 'knex';

export async function writeAdminCredentials(db: Knex, adminUserId: string, credentials: AdminCredentials): Promise<void> {
	const hash = await argon2.hash(credentials.password);
	await db.transaction(async (trx) => {
		const updated = await trx('directus_users').where({ id: adminUserId }).update({ email: credentials.email.toLowerCase(), password: hash, status: 'active' });
		if (updated !== 1) throw new Error('The instance has no admin user to rewrite');
		await trx('directus_sessions').where({ user: adminUserId }).delete();
	});
}

/** Writes columns of the settings singleton (`project_name`, `project_id`, `license_key`), creating it if absent. */
export async function writeSettings(db: Knex, values: Record<string, string | null>): Promise<void> {
	const settings = await db('directus_settings').first<{ id: number } | undefined>('id');
	if (settings) await db('directus_settings').where({ id: settings.id }).update(values);
	else await db('directus_settings').insert(values);
}

/** Opens a connection, runs the writes, always closes it (a leaked SQLite handle keeps a lock). */
export async function withInstanceDatabase<T>(open: () => Knex, work: (db: Knex) => Promise<T>): Promise<T> {
	const db = open();
	try {
		return await work(db);
	} finally {
		await db.destroy();
	}
}
