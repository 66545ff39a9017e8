/**
 * `GET /projects/{id}/storage` (docs/product.md, Projects API): the site's storage against its
 * quota, to its owner, or to staff for any project (the owner is in the query otherwise, as
 * everywhere in lib/projects, docs/access-model.md; another customer's project answers exactly like
 * a missing one). The runtime measures on every call, so the figure is the one uploads are checked
 * against now. Without a runtime, or when it does not answer, the answer says so instead of zeros.
 */
import type { ProjectStorage } from '@epic/platform-api';
import { assertProjectVisible, type ProjectCaller, type SiteReadOptions } from '../project-visibility.ts';
import { storageOf } from './storage-figures.ts';

/** Staff (administrators) read any project's storage, to help its owner. */
export type StorageCaller = ProjectCaller;

export type ProjectStorageOptions = SiteReadOptions;

export class ProjectStorageService {
	readonly #options: ProjectStorageOptions;

	constructor(options: ProjectStorageOptions) {
		this.#options = options;
	}

	async of(caller: StorageCaller, projectId: string): Promise<ProjectStorage> {
		await assertProjectVisible(this.#options.database, caller, projectId);
		const driver = this.#options.driver();
		if (!driver) return { available: false, reason: 'not_configured' };
		let status;
		try {
			status = await driver.instanceStatus(projectId);
		} catch (error) {
			this.#options.logger.warn(`Storage of project ${projectId} could not be read from the runtime: ${(error as Error).message}`);
			return { available: false, reason: 'unreachable' };
		}
		return (status && storageOf(status)) ?? { available: false, reason: 'not_provisioned' };
	}
}
