/**
 * Upgrades of a site's Directus on the wire: what `POST /instances/{id}/upgrade` answers, and the
 * failure an instance's status keeps for staff until an upgrade succeeds.
 */
import type { InstanceStatus } from './instance-status.ts';

export interface UpgradeFailure {
	/** The version the upgrade was to reach; the site stays recorded at its old one. */
	toVersion: string;
	error: string;
	/** ISO time the upgrade ended. */
	at: string;
}

/**
 * `upgraded`: migrated, started and answering. `failed`: the site has its data from before the
 * upgrade (untouched when the backup before it failed, put back from that backup otherwise:
 * `rolledBack`) and answers again if it was running. `rollback-failed`: putting the backup back
 * failed too; the site needs a person, and the next upgrade or runtime start tries again.
 */
export type UpgradeOutcome = 'upgraded' | 'failed' | 'rollback-failed';

export interface UpgradeResult {
	projectId: string;
	fromVersion: string;
	toVersion: string;
	outcome: UpgradeOutcome;
	rolledBack: boolean;
	/** The `pre-upgrade` backup taken first; null when it could not be taken. */
	backupId: string | null;
	error: string | null;
	/** The instance after the upgrade (or the rollback). */
	status: InstanceStatus;
}
