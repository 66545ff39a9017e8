/**
 * Self-service backups of a project (docs/product.md, Backups): list, back up now, download, restore
 * and follow the restore. Every call first resolves the project for the caller (backup-caller.ts),
 * then asks the runtime about that project's id only, so ids from another project never resolve.
 */
import type { ProjectBackup, ProjectRestoreJob } from '@epic/platform-api';
import { backupId as backupIdSchema, restoreJobId as restoreJobIdSchema } from '@epic/runtime-contract';
import type { Knex } from 'knex';
import { BackupNotFoundError, BackupsUnavailableError, RestoreJobNotFoundError } from '../errors.ts';
import type { BackupArchive, RuntimeDriver } from '../runtime-driver/runtime-driver.ts';
import { publishedProjectOf, type BackupCaller } from './backup-caller.ts';
import { toProjectBackup, toProjectRestoreJob } from './backup-serializer.ts';
import type { AccountActionLimits } from '../http/rate-limits/account-actions.ts';
import type { ManualBackupGuard } from './manual-backup-guard.ts';
import { fromRuntimeError } from './runtime-backup-errors.ts';

export interface ProjectBackupsOptions {
	database: Knex;
	/** Null when no runtime is configured (the control plane alone). */
	driver: () => RuntimeDriver | null;
	guard: ManualBackupGuard;
	/** Restores per account per hour (http/rate-limits/account-actions.ts); staff are not counted. */
	actionLimits: () => Pick<AccountActionLimits, 'consume'>;
	logger: { warn(message: string): void };
}

export interface ArchiveDownload extends BackupArchive {
	fileName: string;
}

export class ProjectBackupsService {
	readonly #options: ProjectBackupsOptions;

	constructor(options: ProjectBackupsOptions) {
		this.#options = options;
	}

	async list(caller: BackupCaller, projectId: string): Promise<ProjectBackup[]> {
		const project = await publishedProjectOf(this.#options.database, caller, projectId);
		return (await this.#runtime((driver) => driver.listBackups(project.id))).map(toProjectBackup);
	}

	async create(caller: BackupCaller, projectId: string): Promise<ProjectBackup> {
		const project = await publishedProjectOf(this.#options.database, caller, projectId);
		const backup = await this.#options.guard.run(
			project.id,
			() => this.#runtime((driver) => driver.listBackups(project.id)),
			() => this.#runtime((driver) => driver.createBackup(project.id, 'manual')),
		);
		return toProjectBackup(backup);
	}

	async download(caller: BackupCaller, projectId: string, backupId: string): Promise<ArchiveDownload> {
		const project = await publishedProjectOf(this.#options.database, caller, projectId);
		const id = parseOr(backupIdSchema, backupId, BackupNotFoundError);
		const archive = await this.#runtime((driver) => driver.backupArchive(project.id, id));
		return { ...archive, fileName: `${project.subdomain}-${id}.tar.gz` };
	}

	async restore(caller: BackupCaller, projectId: string, backupId: string): Promise<ProjectRestoreJob> {
		const project = await publishedProjectOf(this.#options.database, caller, projectId);
		const id = parseOr(backupIdSchema, backupId, BackupNotFoundError);
		if (!caller.staff) await this.#options.actionLimits().consume('restore', caller.userId);
		return toProjectRestoreJob(await this.#runtime((driver) => driver.startRestore(project.id, id)));
	}

	async restoreJob(caller: BackupCaller, projectId: string, jobId: string): Promise<ProjectRestoreJob> {
		const project = await publishedProjectOf(this.#options.database, caller, projectId);
		const id = parseOr(restoreJobIdSchema, jobId, RestoreJobNotFoundError);
		return toProjectRestoreJob(await this.#runtime((driver) => driver.restoreJob(project.id, id)));
	}

	async #runtime<T>(call: (driver: RuntimeDriver) => Promise<T>): Promise<T> {
		const driver = this.#options.driver();
		if (!driver) throw new BackupsUnavailableError();
		try {
			return await call(driver);
		} catch (error) {
			throw fromRuntimeError(error, (message) => this.#options.logger.warn(message));
		}
	}
}

/** An id that cannot be one is simply not found, like a project id that is not a UUID. */
function parseOr(schema: { safeParse(value: unknown): { success: boolean } }, value: string, NotFound: new () => Error): string {
	if (!schema.safeParse(value).success) throw new NotFound();
	return value;
}
