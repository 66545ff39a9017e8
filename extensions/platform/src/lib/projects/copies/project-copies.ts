/**
 * `POST /projects/{id}/duplicate` (docs/product.md, Copies): a new project made from a backup of one
 * the caller owns. Everything that can refuse is checked before anything is created: the source is
 * the caller's and published (another customer's answers 404, as everywhere), a chosen backup is one
 * of the source's, and the new project passes the same validation and plan allowance as any
 * creation (ProjectService.create, which this calls). Provisioning then makes the site as usual and
 * restores the backup into it (provisioning/copy-source-data.ts) before the copy is published.
 */
import type { Project } from '@epic/platform-api';
import { backupId as backupIdSchema } from '@epic/runtime-contract';
import type { Knex } from 'knex';
import { publishedProjectOf } from '../../backups/backup-caller.ts';
import { fromRuntimeError } from '../../backups/runtime-backup-errors.ts';
import { BackupNotFoundError, BackupsUnavailableError, InvalidPayloadError } from '../../errors.ts';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import type { ProjectService } from '../project-service.ts';

export interface ProjectCopiesOptions {
	database: Knex;
	projects: Pick<ProjectService, 'create'>;
	/** Null when no runtime is configured: there are no backups to copy from. */
	driver: () => RuntimeDriver | null;
	logger: { info(message: string): void; warn(message: string): void };
}

export class ProjectCopies {
	readonly #options: ProjectCopiesOptions;

	constructor(options: ProjectCopiesOptions) {
		this.#options = options;
	}

	async duplicate(userId: string, sourceId: string, body: unknown): Promise<Project> {
		if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidPayloadError({ reason: 'The request body must be an object' });
		const { backup_id: chosen, ...project } = body as Record<string, unknown>;
		// Only the owner: staff help a customer by other means, and never make projects in their name.
		const source = await publishedProjectOf(this.#options.database, { userId, staff: false }, sourceId);
		const backupId = chosen === undefined || chosen === null ? null : await this.#sourceBackup(source.id, chosen);
		const copy = await this.#options.projects.create(userId, project, { copy_of: source.id, copy_backup: backupId });
		this.#options.logger.info(`Project ${copy.id} is a copy of ${source.id} (${backupId ?? 'its latest backup'})`);
		return copy;
	}

	/** The chosen backup, if it is one of the source's; anything else is simply not found. */
	async #sourceBackup(sourceId: string, chosen: unknown): Promise<string> {
		if (typeof chosen !== 'string' || !backupIdSchema.safeParse(chosen).success) throw new BackupNotFoundError();
		const driver = this.#options.driver();
		if (!driver) throw new BackupsUnavailableError();
		const backups = await driver.listBackups(sourceId).catch((error: unknown) => {
			throw fromRuntimeError(error, (message) => this.#options.logger.warn(message));
		});
		if (!backups.some((backup) => backup.id === chosen)) throw new BackupNotFoundError();
		return chosen;
	}
}
