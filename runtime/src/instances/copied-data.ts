/**
 * A copy's database, just restored from another project's backup, made the copy's own before its
 * site starts: the first administrator (the row every clone inherits from the template) gets the
 * copy's email and password, the settings the copy's name and a project id of its own (Directus
 * identifies a project by it for licence activation; two sites must not share one), and every
 * session and static token the source's users had is dropped, so nothing that signed in to the
 * source signs in to the copy. The other users and their passwords stay: a staging copy keeps its
 * team (docs/product.md, Copies).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { AdminCredentials } from '@epic/runtime-contract';
import { writeAdminCredentials, writeSettings } from './admin-account.ts';

export interface CopyIdentity {
	admin: AdminCredentials;
	projectName: string;
}

export async function adoptCopiedData(db: Knex, adminUserId: string, identity: CopyIdentity): Promise<void> {
	await writeAdminCredentials(db, adminUserId, identity.admin);
	await db.transaction(async (trx) => {
		await trx('directus_sessions').delete();
		await trx('directus_users').whereNotNull('token').update({ token: null });
	});
	await writeSettings(db, { project_name: identity.projectName, project_id: randomUUID() });
}
