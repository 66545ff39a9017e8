/**
 * Who may read a project's site figures and logs: its owner, or staff (administrators) for any
 * project, to help its owner. Another customer's project answers exactly like a missing one
 * (docs/access-model.md).
 */
import type { Request } from 'express';
import type { Knex } from 'knex';
import { ProjectNotFoundError } from '../errors.ts';
import { accountabilityOf, requireUserId } from '../http/accountability.ts';
import type { RuntimeDriver } from '../runtime-driver/runtime-driver.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProjectCaller {
	userId: string;
	staff: boolean;
}

/** The signed-in caller of a project route, staff being Directus administrators. */
export function projectCallerOf(req: Request): ProjectCaller {
	return { userId: requireUserId(req), staff: accountabilityOf(req)?.admin === true };
}

/** What the services that read a project's site through the runtime (storage, tier, log) need. */
export interface SiteReadOptions {
	database: Knex;
	/** Null when no runtime is configured. */
	driver: () => RuntimeDriver | null;
	logger: { warn(message: string): void };
}

export async function assertProjectVisible(database: Knex, caller: ProjectCaller, id: string): Promise<void> {
	// Not a project id at all: nothing to look up (PostgreSQL would refuse it as a uuid).
	if (!UUID.test(id)) throw new ProjectNotFoundError();
	const query = database('projects').first('id').where({ id });
	if (!caller.staff) query.andWhere({ owner: caller.userId });
	if (!(await query)) throw new ProjectNotFoundError();
}
