/**
 * Who may read a project's site figures and logs: its owner, or staff (administrators) for any
 * project, to help its owner. Another customer's project answers exactly like a missing one
 * (docs/access-model.md).
 */
import type { Knex } from 'knex';
import { ProjectNotFoundError } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProjectCaller {
	userId: string;
	staff: boolean;
}

export async function assertProjectVisible(database: Knex, caller: ProjectCaller, id: string): Promise<void> {
	// Not a project id at all: nothing to look up (PostgreSQL would refuse it as a uuid).
	if (!UUID.test(id)) throw new ProjectNotFoundError();
	const query = database('projects').first('id').where({ id });
	if (!caller.staff) query.andWhere({ owner: caller.userId });
	if (!(await query)) throw new ProjectNotFoundError();
}
