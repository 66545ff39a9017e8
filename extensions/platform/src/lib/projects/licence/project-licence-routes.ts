/**
 * `PUT /projects/{id}/licence` `{ key }` and `DELETE /projects/{id}/licence` (docs/product.md,
 * Directus tier): the owner's own project only (another's answers like a missing one); the key is
 * validated with the shared rule and never repeated, stored encrypted, and the answer is the
 * project, which says only `licence_key_set`.
 */
import { normalizeLicenceKey, type Project } from '@epic/platform-api';
import type { Router } from 'express';
import { InvalidPayloadError, LicenceUnavailableError } from '../../errors.ts';
import { requireUserId } from '../../http/accountability.ts';
import { asyncRoute } from '../../http/async-route.ts';
import type { ProjectService } from '../project-service.ts';
import type { ProjectLicence } from './project-licence.ts';

export class ProjectLicenceService {
	readonly #projects: ProjectService;
	/** Null without a runtime: there is no site to give a key to, and no key to encrypt with. */
	readonly #licence: () => ProjectLicence | null;
	readonly #logger: { info(message: string): void };

	constructor(projects: ProjectService, licence: () => ProjectLicence | null, logger: { info(message: string): void }) {
		this.#projects = projects;
		this.#licence = licence;
		this.#logger = logger;
	}

	async set(userId: string, id: string, body: unknown): Promise<Project> {
		await this.#projects.read(userId, id);
		const check = normalizeLicenceKey((body as { key?: unknown } | null)?.key);
		if (!check.ok) throw new InvalidPayloadError({ reason: check.message });
		const licence = this.#licence();
		if (!licence) throw new LicenceUnavailableError();
		await licence.set(id, check.key);
		this.#logger.info(`Project ${id}: licence key saved by its owner ${userId}`);
		return this.#projects.read(userId, id);
	}

	async remove(userId: string, id: string): Promise<Project> {
		await this.#projects.read(userId, id);
		const licence = this.#licence();
		if (!licence) throw new LicenceUnavailableError();
		try {
			await licence.remove(id);
		} catch {
			// The site could not be told: the key stays, on the site and here.
			throw new LicenceUnavailableError();
		}
		return this.#projects.read(userId, id);
	}
}

export function registerProjectLicenceRoutes(router: Router, licence: ProjectLicenceService): void {
	router.put(
		'/:id/licence',
		asyncRoute(async (req, res) => {
			res.json({ data: await licence.set(requireUserId(req), String(req.params['id']), req.body) });
		}),
	);

	router.delete(
		'/:id/licence',
		asyncRoute(async (req, res) => {
			res.json({ data: await licence.remove(requireUserId(req), String(req.params['id'])) });
		}),
	);
}
