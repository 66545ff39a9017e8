/**
 * `GET /projects/{id}/tier` (docs/product.md, Directus tier): the site's Directus tier and its use,
 * read from the site by the runtime (runtime/src/instances/site-tier.ts), to the project's owner or
 * to staff (project-visibility.ts). What cannot be read is said, never shown as zeros.
 */
import type { ProjectTier } from '@epic/platform-api';
import { RuntimeRequestError } from '../../runtime-driver/local-runtime-driver.ts';
import { assertProjectVisible, type ProjectCaller, type SiteReadOptions } from '../project-visibility.ts';

export type ProjectTierOptions = SiteReadOptions;

export class ProjectTierService {
	readonly #options: ProjectTierOptions;

	constructor(options: ProjectTierOptions) {
		this.#options = options;
	}

	async of(caller: ProjectCaller, projectId: string): Promise<ProjectTier> {
		await assertProjectVisible(this.#options.database, caller, projectId);
		const driver = this.#options.driver();
		if (!driver) return { available: false, reason: 'not_configured' };
		try {
			const tier = await driver.siteTier(projectId);
			return {
				available: true,
				name: tier.name,
				status: tier.status,
				seats: tier.seats,
				collections: tier.collections,
				flows: tier.flows,
				custom_permission_rules: tier.customPermissionRules,
			};
		} catch (error) {
			if (error instanceof RuntimeRequestError && error.status === 404) return { available: false, reason: 'not_provisioned' };
			if (error instanceof RuntimeRequestError && error.code === 'INSTANCE_NOT_RUNNABLE') return { available: false, reason: 'not_running' };
			this.#options.logger.warn(`The tier of project ${projectId} could not be read from its site: ${(error as Error).message}`);
			return { available: false, reason: 'unreachable' };
		}
	}
}
