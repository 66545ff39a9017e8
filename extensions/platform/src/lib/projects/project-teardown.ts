/**
 * Removing projects: each site with its data first (its licence key released, then the instance;
 * not found counts as done), then the row, so a tear-down that fails half-way leaves a row to try
 * again with, never a site without one. Used by `DELETE /projects/{id}`, staff's delete action and
 * account deletion (every project of the account).
 */
import type { Knex } from 'knex';
import type { RuntimeDriver } from '../runtime-driver/runtime-driver.ts';
import type { ProjectLicence } from './licence/project-licence.ts';

/** What removes a project's site; null without a runtime (the control plane alone), where none exists. */
export interface SiteRemoval {
	licence: Pick<ProjectLicence, 'removeBeforeTeardown'>;
	driver: Pick<RuntimeDriver, 'deleteInstance'>;
}

export async function tearDownProject(database: Knex, sites: SiteRemoval | null, projectId: string): Promise<void> {
	if (sites) {
		await sites.licence.removeBeforeTeardown(projectId);
		await sites.driver.deleteInstance(projectId);
	}
	await database('projects').where({ id: projectId }).delete();
}

/** Every project of `userId`; returns the ids torn down. */
export async function tearDownProjectsOf(database: Knex, sites: SiteRemoval | null, userId: string): Promise<string[]> {
	const projects = (await database('projects').select('id').where({ owner: userId })) as { id: string }[];
	for (const { id } of projects) await tearDownProject(database, sites, id);
	return projects.map(({ id }) => id);
}
