/**
 * A copy's data (docs/product.md, Copies): once its own site exists, the chosen backup of the source
 * project (or, when none was chosen, its newest, taken now if it has none) is restored into the
 * copy's site by the runtime, which writes the copy's own admin credentials and name over the
 * source's before the site starts. The restore is the ordinary one (safety backup, rollback), so a
 * failure leaves the copy's fresh site as it was and the copy fails with the reason; a retry runs
 * this again. Each stage is reported to `progress`, which the project's steps show.
 */
import type { Knex } from 'knex';
import type { RestoreJob, RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';

/** How often the restore job is asked how far it is. */
export const COPY_POLL_MS = 500;

export interface CopyTarget {
	id: string;
	owner: string | null;
	name: string;
	copy_of: string;
	copy_backup: string | null;
}

export interface CopyParts {
	database: Knex;
	driver: RuntimeDriver;
	sleep: (ms: number) => Promise<void>;
	progress: (detail: string) => Promise<void>;
}

/** Copies the source's data into `target`'s site; resolves with what was copied, rejects with why it was not. */
export async function copySourceData(parts: CopyParts, target: CopyTarget, admin: { email: string; password: string }): Promise<string> {
	const { database, driver, progress } = parts;
	// Checked again here, not only when the copy was asked for: the source may have been deleted or changed hands since.
	const source = (await database('projects').select('id', 'name').where({ id: target.copy_of, owner: target.owner }).first()) as { id: string; name: string } | undefined;
	if (!source) throw new Error('The project this copy is made from no longer exists');
	const backupId = target.copy_backup ?? (await latestBackup(parts, source));
	if (!target.copy_backup) await database('projects').where({ id: target.id }).update({ copy_backup: backupId });

	await progress(`Restoring backup ${backupId} of ${source.name} into the copy`);
	let job = await driver.startRestore(target.id, backupId, { sourceProjectId: source.id, admin, projectName: target.name });
	let reported = '';
	while (job.state === 'running') {
		const current = job.steps.at(-1)?.name ?? '';
		if (current !== reported) await progress(`Restoring backup ${backupId} of ${source.name} into the copy: ${current}`);
		reported = current;
		await parts.sleep(COPY_POLL_MS);
		job = await driver.restoreJob(target.id, job.id);
	}
	if (job.state !== 'succeeded') throw new Error(`Copying backup ${backupId} of ${source.name} failed: ${restoreFailure(job)}`);
	return `The data of ${source.name} (backup ${backupId}) was copied into the site`;
}

/** The source's newest backup, or a new one when it has none yet. */
async function latestBackup(parts: CopyParts, source: { id: string; name: string }): Promise<string> {
	const [newest] = await parts.driver.listBackups(source.id);
	if (newest) return newest.id;
	await parts.progress(`Taking a backup of ${source.name}`);
	return (await parts.driver.createBackup(source.id, 'manual')).id;
}

function restoreFailure(job: RestoreJob): string {
	return job.error ?? `the restore ended ${job.state}`;
}
