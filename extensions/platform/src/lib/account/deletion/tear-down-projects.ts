/**
 * The account's projects go with it: each instance is removed from the runtime with its data, then
 * its row. This is the projects hook point of account deletion (docs/architecture.md): the
 * Projects code is to own the tear-down and replace this step with its own.
 */
import type { Knex } from 'knex';
import type { RuntimeDriver } from '../../runtime/runtime-driver.ts';

/** Returns the ids of the projects torn down. */
export async function tearDownProjects(database: Knex, driver: RuntimeDriver | null, userId: string): Promise<string[]> {
	const projects = (await database('projects').select('id').where({ owner: userId })) as { id: string }[];
	for (const { id } of projects) {
		// Without a runtime (the control plane alone) no instance can exist.
		if (driver) await driver.deleteInstance(id);
		await database('projects').where({ id }).delete();
	}
	return projects.map(({ id }) => id);
}
