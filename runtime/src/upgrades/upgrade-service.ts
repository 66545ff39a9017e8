/**
 * Upgrades of sites' Directus: one site on request (staff, through the management API), and on
 * start-up every site whose database was last migrated with another Directus version than the
 * installed one, or whose last upgrade was cut short, one after another in the background. Each
 * upgrade holds the project's backup lock (no backup or restore interleaves) and its instance lock
 * (no wake, sleep, start or stop interleaves). The outcome is recorded on the instance: the new
 * version on success, `upgradeFailure` for staff otherwise.
 */
import type { UpgradeResult } from '@epic/runtime-contract';
import type { BackupService } from '../backups/backup-service.ts';
import { instanceNotFound, RuntimeError } from '../errors.ts';
import type { InstanceSpecWriter } from '../state/instance-store.ts';
import type { InstanceService } from '../instances/instance-service.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import { upgradeSite, type SiteUpgradeOutcome, type SiteUpgradeParts } from './upgrade-site.ts';

export interface UpgradeServiceParts extends SiteUpgradeParts {
	instances: SiteUpgradeParts['instances'] & Pick<InstanceSpecWriter, 'recordUpgraded' | 'recordUpgradeFailure'>;
	service: InstanceService;
	backups: BackupService;
	/** The installed Directus version: what every site is upgraded to. */
	directusVersion: string;
	log: (message: string) => void;
}

const upgradeInProgress = (projectId: string) => new RuntimeError('UPGRADE_IN_PROGRESS', `An upgrade of project ${projectId} is already running`, 409);

export class UpgradeService {
	readonly #parts: UpgradeServiceParts;
	readonly #running = new Set<string>();
	#closed = false;

	constructor(parts: UpgradeServiceParts) {
		this.#parts = parts;
	}

	#project(projectId: string): InstanceRecord {
		const record = this.#parts.instances.get(projectId);
		if (!record || record.kind !== 'project' || record.phase !== 'ready') throw instanceNotFound(projectId);
		return record;
	}

	/** Upgrades the site now, whatever version it is recorded at (a staff retry, or new site migrations). */
	async upgrade(projectId: string): Promise<UpgradeResult> {
		const fromVersion = this.#project(projectId).directusVersion;
		if (this.#running.has(projectId)) throw upgradeInProgress(projectId);
		this.#running.add(projectId);
		try {
			const { backups, service } = this.#parts;
			const outcome = await backups.exclusively(projectId, () =>
				service.exclusively(projectId, async (control) => {
					const result = await upgradeSite(this.#parts, control);
					this.#record(projectId, result);
					return result;
				}),
			);
			this.#log(projectId, fromVersion, outcome);
			return { projectId, fromVersion, toVersion: this.#parts.directusVersion, ...outcome, status: service.status(projectId) };
		} finally {
			this.#running.delete(projectId);
		}
	}

	#record(projectId: string, result: SiteUpgradeOutcome): void {
		const toVersion = this.#parts.directusVersion;
		if (result.outcome === 'upgraded') {
			this.#parts.instances.recordUpgraded(projectId, toVersion);
			return;
		}
		this.#parts.instances.recordUpgradeFailure(projectId, { toVersion, error: result.error ?? result.outcome, at: new Date(this.#parts.now()).toISOString() });
	}

	#log(projectId: string, fromVersion: string, result: SiteUpgradeOutcome): void {
		const what = `project ${projectId}: upgrade from Directus ${fromVersion} to ${this.#parts.directusVersion}`;
		if (result.outcome === 'upgraded') this.#parts.log(`${what} done`);
		else if (result.rolledBack) this.#parts.log(`${what} failed; its data from before (backup ${result.backupId}) was put back: ${result.error}`);
		else if (result.outcome === 'failed') this.#parts.log(`${what} failed: ${result.error}`);
		else this.#parts.log(`${what} failed and the site needs a person: ${result.error}`);
	}

	/**
	 * Projects the start-up pass upgrades: an upgrade cut short first (its site's data may be half
	 * migrated), then every site recorded at another version than the installed one.
	 */
	pending(): string[] {
		const projects = this.#parts.instances.all().filter((record) => record.kind === 'project' && record.phase === 'ready');
		return [
			...projects.filter((record) => record.rollbackBackupId !== null),
			...projects.filter((record) => record.rollbackBackupId === null && record.directusVersion !== this.#parts.directusVersion),
		].map((record) => record.id);
	}

	/** The start-up pass: the pending sites one at a time, until `close`. Never rejects. */
	async upgradePending(): Promise<void> {
		for (const projectId of this.pending()) {
			if (this.#closed) return;
			await this.upgrade(projectId).catch((error: Error) => this.#parts.log(`project ${projectId}: upgrade could not run: ${error.message}`));
		}
	}

	/**
	 * No further site of the start-up pass begins. One under way is not waited for: a shutdown
	 * stops its site and its migration, and the record's `rollbackBackupId` has the next start put
	 * the backup back and upgrade again.
	 */
	close(): void {
		this.#closed = true;
	}
}
