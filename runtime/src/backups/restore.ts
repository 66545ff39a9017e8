/**
 * One restore, step by step: verify the archive (refused: the site is untouched), take a safety
 * backup, stop the site, replace its data, start it and check it answers. When any step after the
 * safety backup fails, the safety backup is put back the same way and the site started again.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BackupManifest, RestoreJob } from '@epic/runtime-contract';
import type { CopyIdentity } from '../instances/copied-data.ts';
import type { InstanceControl, InstanceService } from '../instances/instance-service.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader, InstanceSpecWriter } from '../state/instance-store.ts';
import { createBackup, type BackupParts } from './create-backup.ts';
import { assertAnswersPong } from './health-check.ts';
import { replaceSiteData } from './replace-site-data.ts';
import type { RestoreJobs } from './restore-jobs.ts';
import { openArchive } from './verify-archive.ts';

export interface RestoreParts extends BackupParts {
	service: InstanceService;
	instances: InstanceReader & Pick<InstanceSpecWriter, 'recordDirectusVersion' | 'setRollbackBackup'>;
	jobs: RestoreJobs;
	/**
	 * Applies the retention of safety backups once the site no longer needs the one this restore
	 * took; called before the job says it ended, so whoever polls it sees the backups as they stay.
	 */
	retainSafetyBackups: (projectId: string) => Promise<void>;
	/** Makes a copy's restored data the copy's own while its site is stopped (instances/copied-data.ts). */
	adoptCopy: (record: InstanceRecord, identity: CopyIdentity) => Promise<void>;
}

/** A restore into a new project of another project's backup: whose backup, and the copy's own identity. */
export interface CopySource extends CopyIdentity {
	sourceProjectId: string;
}

export interface OpenedArchive {
	dir: string;
	manifest: BackupManifest;
}

/**
 * Copies a stored backup to `work` and opens it there (extracted and verified). The backup is the
 * site's own unless `ofProject` names the project a copy is made from.
 */
export async function fetchAndOpen(
	parts: Pick<BackupParts, 'store'>,
	record: InstanceRecord,
	backupId: string,
	work: string,
	ofProject: string = record.id,
): Promise<OpenedArchive> {
	const archive = path.join(work, `${backupId}.tar.gz`);
	if (!(await parts.store.copyTo(ofProject, backupId, archive))) throw new Error(`Backup ${backupId} of project ${ofProject} no longer exists`);
	const dir = path.join(work, `${backupId}-files`);
	await mkdir(dir);
	const manifest = await openArchive(archive, dir, record, ofProject);
	await rm(archive, { force: true });
	return { dir, manifest };
}

/**
 * Puts the opened backup's data in place of the stopped site's and records the Directus version
 * that data is at: a backup from before an upgrade makes the site due for one again.
 */
async function replaceWith(parts: RestoreParts, record: InstanceRecord, opened: OpenedArchive): Promise<void> {
	await replaceSiteData(parts, record, opened.dir, opened.manifest);
	parts.instances.recordDirectusVersion(record.id, opened.manifest.directusVersion);
}

async function putInPlace(parts: RestoreParts, job: RestoreJob, control: InstanceControl, opened: OpenedArchive, copy: CopySource | undefined): Promise<void> {
	await parts.jobs.step(job, 'stopping', () => control.stop());
	await parts.jobs.step(job, 'replacing', () => replaceWith(parts, control.record, opened));
	if (copy) await parts.jobs.step(job, 'adopting', () => parts.adoptCopy(control.record, copy));
	const port = await parts.jobs.step(job, 'starting', () => control.start());
	await parts.jobs.step(job, 'checking', () => assertAnswersPong(port));
}

async function rollBack(parts: RestoreParts, job: RestoreJob, control: InstanceControl, safetyBackupId: string, work: string): Promise<void> {
	await parts.jobs.step(job, 'rolling-back', async () => {
		// A failed start schedules a retry with backoff; the stop cancels it before the data moves.
		await control.stop();
		await replaceWith(parts, control.record, await fetchAndOpen(parts, control.record, safetyBackupId, work));
		await assertAnswersPong(await control.start());
	});
}

/**
 * Runs the job to its end; never rejects (the outcome is in the job). With `copy`, the backup is
 * the source project's and the site a new project's: the same steps, plus `adopting` before the
 * site starts, and a failure puts back the copy's own (fresh) data as for any restore.
 */
export async function runRestore(parts: RestoreParts, job: RestoreJob, copy?: CopySource): Promise<void> {
	const end = async (state: Exclude<RestoreJob['state'], 'running'>, error: string | null = null) => {
		// A retention that fails leaves one backup too many: never a reason to fail the restore.
		await parts.retainSafetyBackups(job.projectId).catch(() => {});
		parts.jobs.finish(job, state, error);
	};
	await mkdir(parts.store.workDir, { recursive: true, mode: 0o700 });
	const work = await mkdtemp(path.join(parts.store.workDir, 'restore-'));
	try {
		await parts.service.exclusively(job.projectId, async (control) => {
			let opened: OpenedArchive;
			let safetyBackupId: string;
			try {
				opened = await parts.jobs.step(job, 'verifying', () => fetchAndOpen(parts, control.record, job.backupId, work, copy?.sourceProjectId));
				// Taken while the site still serves, like any backup: it is what a failure puts back.
				safetyBackupId = (await parts.jobs.step(job, 'safety-backup', () => createBackup(parts, control.record, 'safety'))).id;
				job.safetyBackupId = safetyBackupId;
				// Until the site serves whole data again: a runtime crash from here on is undone at its next start.
				parts.instances.setRollbackBackup(job.projectId, safetyBackupId);
			} catch (error) {
				await end('failed', (error as Error).message);
				return;
			}
			try {
				await putInPlace(parts, job, control, opened, copy);
				parts.instances.setRollbackBackup(job.projectId, null);
				await end('succeeded');
			} catch (error) {
				const message = (error as Error).message;
				try {
					await rollBack(parts, job, control, safetyBackupId, work);
					parts.instances.setRollbackBackup(job.projectId, null);
					job.rolledBack = true;
					await end('failed', `${message} (the site’s data from before the restore was put back)`);
				} catch (rollbackError) {
					// The safety backup may be all that is left of the site's data: no retention now.
					parts.jobs.finish(job, 'rollback-failed', `${message}; putting back safety backup ${safetyBackupId} failed too: ${(rollbackError as Error).message}`);
				}
			}
		});
	} catch (error) {
		if (job.state === 'running') parts.jobs.finish(job, 'failed', (error as Error).message);
	} finally {
		await rm(work, { recursive: true, force: true }).catch(() => {});
	}
}
