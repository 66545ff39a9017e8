/**
 * One site's upgrade, run while its instance and backup locks are held: a `pre-upgrade` backup
 * while the site still serves, then stop, `directus database migrate:latest` with the installed
 * Directus, start and the health check. When a step after the backup fails, the backup is put back
 * and the site started and checked again, so it serves its old data. A site that was asleep is put
 * back to sleep; one that was stopped or suspended is stopped again by the lock's owner.
 *
 * The backup's id stays in the record (`rollbackBackupId`) for as long as the site's data may be
 * half migrated: an upgrade cut short by a runtime stop or crash is undone by the next one, which
 * puts that backup back before it starts.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { UpgradeOutcome } from '@epic/runtime-contract';
import { createBackup, type BackupParts } from '../backups/create-backup.ts';
import { assertAnswersPong } from '../backups/health-check.ts';
import { replaceSiteData } from '../backups/replace-site-data.ts';
import { fetchAndOpen } from '../backups/restore.ts';
import type { InstanceControl } from '../instances/instance-service.ts';
import type { InstanceReader, InstanceSpecWriter } from '../state/instance-store.ts';
import type { MigrateSite } from './migrate-site.ts';

export interface SiteUpgradeParts extends BackupParts {
	instances: InstanceReader & Pick<InstanceSpecWriter, 'setRollbackBackup'>;
	migrate: MigrateSite;
}

export interface SiteUpgradeOutcome {
	outcome: UpgradeOutcome;
	rolledBack: boolean;
	backupId: string | null;
	error: string | null;
}

const messageOf = (error: unknown) => (error as Error).message;

/** Stops the site and puts the backup's database and uploads in place of its own. */
async function putBack(parts: SiteUpgradeParts, control: InstanceControl, backupId: string, work: string): Promise<void> {
	// A failed start schedules a retry with backoff; the stop cancels it before the data moves.
	await control.stop();
	const opened = await fetchAndOpen(parts, control.record, backupId, await mkdtemp(path.join(work, 'put-back-')));
	await replaceSiteData(parts, control.record, opened.dir, opened.manifest);
}

async function migrateAndStart(parts: SiteUpgradeParts, control: InstanceControl): Promise<void> {
	await control.stop();
	await parts.migrate(control.record);
	await assertAnswersPong(await control.start());
}

/** Never rejects: every failure is in the outcome. */
export async function upgradeSite(parts: SiteUpgradeParts, control: InstanceControl): Promise<SiteUpgradeOutcome> {
	const id = control.record.id;
	const wasAsleep = control.record.desired === 'running' && control.record.asleep;
	let work: string | null = null;
	try {
		await mkdir(parts.store.workDir, { recursive: true, mode: 0o700 });
		work = await mkdtemp(path.join(parts.store.workDir, 'upgrade-'));
		let backupId = control.record.rollbackBackupId;
		if (backupId) {
			try {
				await putBack(parts, control, backupId, work);
			} catch (error) {
				return { outcome: 'rollback-failed', rolledBack: false, backupId, error: `Putting back backup ${backupId} of an upgrade cut short failed: ${messageOf(error)}` };
			}
		} else {
			try {
				backupId = (await createBackup(parts, control.record, 'pre-upgrade')).id;
			} catch (error) {
				return { outcome: 'failed', rolledBack: false, backupId: null, error: `The backup before the upgrade failed, so the site was not touched: ${messageOf(error)}` };
			}
			parts.instances.setRollbackBackup(id, backupId);
		}

		try {
			await migrateAndStart(parts, control);
			parts.instances.setRollbackBackup(id, null);
			return { outcome: 'upgraded', rolledBack: false, backupId, error: null };
		} catch (error) {
			const message = messageOf(error);
			try {
				await putBack(parts, control, backupId, work);
				await assertAnswersPong(await control.start());
			} catch (rollbackError) {
				return { outcome: 'rollback-failed', rolledBack: false, backupId, error: `${message}; putting back backup ${backupId} failed too: ${messageOf(rollbackError)}` };
			}
			parts.instances.setRollbackBackup(id, null);
			return { outcome: 'failed', rolledBack: true, backupId, error: message };
		}
	} catch (error) {
		return { outcome: 'failed', rolledBack: false, backupId: null, error: messageOf(error) };
	} finally {
		// Not worth failing the upgrade for: a site left awake is put to sleep by the idle sweep.
		if (wasAsleep) await control.sleep().catch(() => {});
		if (work) await rm(work, { recursive: true, force: true }).catch(() => {});
	}
}
