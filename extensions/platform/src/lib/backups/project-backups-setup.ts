/** Builds the backups service from the bundle's context: the projects table and the runtime driver. */
import type { ApiExtensionContext } from '@directus/types';
import { lazyRuntimeDriver } from '../runtime-driver/runtime-driver-factory.ts';
import { accountActionLimits } from '../http/rate-limits/account-actions.ts';
import { ManualBackupGuard } from './manual-backup-guard.ts';
import { ProjectBackupsService } from './project-backups-service.ts';

export function projectBackupsService(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>): ProjectBackupsService {
	return new ProjectBackupsService({
		database: context.database,
		driver: lazyRuntimeDriver(context.env),
		guard: new ManualBackupGuard(() => new Date()),
		actionLimits: () => accountActionLimits(context),
		logger: context.logger,
	});
}
