/**
 * Removing projects: each instance with its data first (not found counts as done), then the row,
 * so a tear-down that fails half-way leaves a row to try again with, never an instance without one.
 * Used by `DELETE /projects/{id}` and by account deletion (every project of the account).
 */
import type { Knex } from 'knex';
import type { ProjectReconciler } from './provisioning/project-reconciler.ts';

/** Without a runtime (the control plane alone) no instance can exist: only the row goes. */
export async function tearDownProject(database: Knex, provisioning: ProjectReconciler | null, projectId: string): Promise<void> {
	await provisioning?.tearDown(projectId);
	await database('projects').where({ id: projectId }).delete();
}

/** Every project of `userId`; returns the ids torn down. */
export async function tearDownProjectsOf(database: Knex, provisioning: ProjectReconciler | null, userId: string): Promise<string[]> {
	const projects = (await database('projects').select('id').where({ owner: userId })) as { id: string }[];
	for (const { id } of projects) await tearDownProject(database, provisioning, id);
	return projects.map(({ id }) => id);
}
