/** Builds the backups service from the bundle's context: the projects table and the runtime driver. */
import type { ApiExtensionContext } from '@directus/types';
import { createRuntimeDriver } from '../runtime/runtime-driver-factory.ts';
import type { RuntimeDriver } from '../runtime/runtime-driver.ts';
import { accountActionLimits } from '../http/rate-limits/account-actions.ts';
import { ManualBackupGuard } from './manual-backup-guard.ts';
import { ProjectBackupsService } from './project-backups-service.ts';

export function projectBackupsService(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>): ProjectBackupsService {
	// Read on first use, as provisioning does: a wrong runtime setting must not take the other project routes down.
	let driver: RuntimeDriver | null | undefined;
	return new ProjectBackupsService({
		database: context.database,
		driver: () => (driver === undefined ? (driver = createRuntimeDriver(context.env)) : driver),
		guard: new ManualBackupGuard(() => new Date()),
		actionLimits: () => accountActionLimits(context),
		logger: context.logger,
	});
}
