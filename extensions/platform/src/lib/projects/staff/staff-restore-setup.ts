/** Builds staff's restore from the bundle's context: the backups service, acting as the staff member who runs the Flow. */
import type { ApiExtensionContext } from '@directus/types';
import { projectBackupsService } from '../../backups/project-backups-setup.ts';
import type { PlatformServices } from '../../platform-services.ts';
import { StaffRestore } from './staff-project-restore.ts';

/** The runtime's job is asked about this often while the Flow waits. */
const POLL_EVERY_MS = 1000;
/** A restore of a large site takes minutes; past this the Flow answers with the job to follow. */
const RESTORE_TIMEOUT_MS = 15 * 60_000;

export function staffRestore(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>, staffUserId: string, services: PlatformServices): StaffRestore {
	return new StaffRestore({
		backups: projectBackupsService(context, services),
		caller: { userId: staffUserId, staff: true },
		now: () => Date.now(),
		sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
		pollEveryMs: POLL_EVERY_MS,
		timeoutMs: RESTORE_TIMEOUT_MS,
	});
}
