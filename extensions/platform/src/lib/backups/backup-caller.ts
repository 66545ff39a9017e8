/**
 * Whose project a backup route may touch: a customer only their own (the owner is in the query, as
 * everywhere in lib/projects, docs/access-model.md); staff (administrators) any, to help a customer.
 * Another customer's project answers exactly like a missing one.
 */
import type { Request } from 'express';
import type { Knex } from 'knex';
import { ProjectNotFoundError, ProjectNotPublishedError } from '../errors.ts';
import { accountabilityOf, requireUserId } from '../http/accountability.ts';

export interface BackupCaller {
	userId: string;
	staff: boolean;
}

export interface BackupProject {
	id: string;
	subdomain: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function backupCallerOf(req: Request): BackupCaller {
	return { userId: requireUserId(req), staff: accountabilityOf(req)?.admin === true };
}

/** The project the caller may back up and restore: theirs (or any, for staff), and published. */
export async function publishedProjectOf(database: Knex, caller: BackupCaller, id: string): Promise<BackupProject> {
	// Not a project id at all: nothing to look up (PostgreSQL would refuse it as a uuid).
	if (!UUID.test(id)) throw new ProjectNotFoundError();
	const query = database('projects').select('id', 'subdomain', 'status').where({ id });
	if (!caller.staff) query.andWhere({ owner: caller.userId });
	const row = (await query.first()) as { id: string; subdomain: string; status: string } | undefined;
	if (!row) throw new ProjectNotFoundError();
	if (row.status !== 'published') throw new ProjectNotPublishedError();
	return { id: row.id, subdomain: row.subdomain };
}
