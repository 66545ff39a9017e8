/**
 * Backups and restores of project sites, as the management API calls them. Per project, backups
 * and restores run one at a time (a backup taken while a restore swaps the data would be half old,
 * half new); different projects proceed in parallel.
 */
import { KeyedMutex } from '@epic/concurrency';
import type { BackupKind, BackupSummary, RestoreJob } from '@epic/runtime-contract';
import { instanceNotFound, RuntimeError } from '../errors.ts';
import type { InstanceService } from '../instances/instance-service.ts';
import type { InstanceReader, InstanceSpecWriter } from '../state/instance-store.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import type { BackupStore, StoredArchive } from './backup-store.ts';
import type { SiteUploads } from './site-uploads/site-uploads.ts';
import { createBackup } from './create-backup.ts';
import { RestoreJobs } from './restore-jobs.ts';
import { runRestore, type CopySource, type RestoreParts } from './restore.ts';
import { applyRetention } from './retention.ts';

export interface BackupServiceParts {
	store: BackupStore;
	databases: InstanceDatabases;
	uploads: SiteUploads;
	instances: InstanceReader & Pick<InstanceSpecWriter, 'recordDirectusVersion' | 'setRollbackBackup'>;
	service: InstanceService;
	/** How many scheduled backups a project keeps; older ones are deleted after each new one. */
	keepScheduled: number;
	/** How many manual and safety backups a project keeps; older ones are deleted after each new one. */
	keepManual: number;
	keepSafety: number;
	/** Makes a copy's restored data the copy's own (instances/copied-data.ts). */
	adoptCopy: RestoreParts['adoptCopy'];
	log: (message: string) => void;
	now?: () => number;
}

const backupNotFound = (projectId: string, backupId: string) => new RuntimeError('BACKUP_NOT_FOUND', `Project ${projectId} has no backup ${backupId}`, 404);

export class BackupService {
	readonly #parts: BackupServiceParts;
	readonly #restoreParts: RestoreParts;
	readonly #locks = new KeyedMutex();
	readonly #jobs: RestoreJobs;

	constructor(parts: BackupServiceParts) {
		this.#parts = parts;
		const now = parts.now ?? Date.now;
		this.#jobs = new RestoreJobs(now);
		this.#restoreParts = {
			databases: parts.databases,
			store: parts.store,
			uploads: parts.uploads,
			now,
			service: parts.service,
			instances: parts.instances,
			jobs: this.#jobs,
			retainSafetyBackups: (projectId) => this.#retain(projectId, 'safety', parts.keepSafety),
			adoptCopy: parts.adoptCopy,
		};
	}

	#project(projectId: string) {
		const record = this.#parts.instances.get(projectId);
		if (!record || record.kind !== 'project' || record.phase !== 'ready') throw instanceNotFound(projectId);
		return record;
	}

	list(projectId: string): Promise<BackupSummary[]> {
		return this.#parts.store.list(projectId);
	}

	/** `keep` overrides `keepScheduled` for this project (its plan's retention); scheduled backups only. */
	create(projectId: string, kind: Exclude<BackupKind, 'safety'>, keep?: number): Promise<BackupSummary> {
		this.#project(projectId);
		return this.#locks.run(projectId, async () => {
			const backup = await createBackup(this.#restoreParts, this.#project(projectId), kind);
			if (kind === 'scheduled') await this.#retain(projectId, 'scheduled', keep ?? this.#parts.keepScheduled);
			if (kind === 'manual') await this.#retain(projectId, 'manual', this.#parts.keepManual);
			return backup;
		});
	}

	/** Called under the project's lock, after the backup it follows. */
	async #retain(projectId: string, kind: BackupKind, keep: number): Promise<void> {
		const deleted = await applyRetention(this.#parts.store, projectId, { [kind]: keep });
		if (deleted.length) this.#parts.log(`project ${projectId}: deleted ${deleted.length} ${kind} backup(s) beyond retention`);
	}

	async archive(projectId: string, backupId: string): Promise<StoredArchive> {
		const archive = await this.#parts.store.open(projectId, backupId);
		if (!archive) throw backupNotFound(projectId, backupId);
		return archive;
	}

	/**
	 * Starts a restore in the background; poll it with `job`. With `copy`, the backup is one of
	 * `copy.sourceProjectId`'s, put into this (new) project's site (the control plane has checked
	 * both are one owner's).
	 */
	async restore(projectId: string, backupId: string, copy?: CopySource): Promise<RestoreJob> {
		this.#project(projectId);
		const backupOf = copy?.sourceProjectId ?? projectId;
		if (!(await this.#parts.store.get(backupOf, backupId))) throw backupNotFound(backupOf, backupId);
		const job = this.#jobs.begin(projectId, backupId);
		void this.#locks
			.run(projectId, () => runRestore(this.#restoreParts, job, copy))
			.then(() => this.#parts.log(`project ${projectId}: restore of ${backupId} ${job.state}${job.error ? `: ${job.error}` : ''}`))
			.catch((error: Error) => this.#parts.log(`project ${projectId}: restore of ${backupId} failed unexpectedly: ${error.message}`));
		return this.#jobs.get(projectId, job.id)!;
	}

	/**
	 * Deletes every backup of a project whose site is gone: a deleted project leaves no copy of
	 * its data behind. Waits for a backup or restore of it that is still running.
	 */
	deleteAll(projectId: string): Promise<number> {
		return this.#locks.run(projectId, async () => {
			const backups = await this.#parts.store.list(projectId);
			for (const backup of backups) await this.#parts.store.delete(projectId, backup.id);
			if (backups.length) this.#parts.log(`project ${projectId}: deleted its ${backups.length} backup(s) with the project`);
			return backups.length;
		});
	}

	/**
	 * Runs `work` with no backup or restore of the project under way and none starting until it
	 * ends (an upgrade takes its own backup and may put it back).
	 */
	exclusively<T>(projectId: string, work: () => Promise<T>): Promise<T> {
		return this.#locks.run(projectId, work);
	}

	job(projectId: string, jobId: string): RestoreJob {
		const job = this.#jobs.get(projectId, jobId);
		if (!job) throw new RuntimeError('RESTORE_JOB_NOT_FOUND', `Project ${projectId} has no restore job ${jobId}`, 404);
		return job;
	}
}
