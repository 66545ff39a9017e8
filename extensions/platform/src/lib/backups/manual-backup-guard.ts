/**
 * Back up now, sensibly limited: one backup of a project at a time, across the control plane's
 * replicas (a second click while one runs is refused, not queued), and at most MANUAL_BACKUPS_PER_HOUR manual
 * backups of a project in the last hour, counted from the runtime's own list so a restart of the
 * control plane does not reset it.
 */
import { MANUAL_BACKUPS_PER_HOUR } from '@epic/platform-api';
import { BackupInProgressError, BackupLimitReachedError } from '../errors.ts';
import type { ReplicaMutex } from '../coordination/replica-mutex.ts';
import type { BackupSummary } from '../runtime-driver/runtime-driver.ts';

const HOUR_MS = 60 * 60 * 1000;

export function manualBackupsInLastHour(backups: BackupSummary[], now: Date): number {
	const since = now.getTime() - HOUR_MS;
	return backups.filter((backup) => backup.kind === 'manual' && Date.parse(backup.createdAt) > since).length;
}

export class ManualBackupGuard {
	readonly #now: () => Date;
	readonly #locks: Pick<ReplicaMutex, 'tryRun'>;

	constructor(now: () => Date, locks: Pick<ReplicaMutex, 'tryRun'>) {
		this.#now = now;
		this.#locks = locks;
	}

	/** Runs `take` unless a backup of the project is running or the hour's allowance is used. */
	async run<T>(projectId: string, list: () => Promise<BackupSummary[]>, take: () => Promise<T>): Promise<T> {
		const outcome = await this.#locks.tryRun(`manual-backup:${projectId}`, async () => {
			if (manualBackupsInLastHour(await list(), this.#now()) >= MANUAL_BACKUPS_PER_HOUR) throw new BackupLimitReachedError({ limit: MANUAL_BACKUPS_PER_HOUR });
			return take();
		});
		if (!outcome.ran) throw new BackupInProgressError();
		return outcome.value;
	}
}
