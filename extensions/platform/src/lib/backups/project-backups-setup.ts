/** Builds the backups service from the bundle's context: the projects table and the runtime driver. */
import type { ApiExtensionContext } from '@directus/types';
import type { PlatformServices } from '../platform-services.ts';
import { ReplicaMutex } from '../coordination/replica-mutex.ts';
import { ManualBackupGuard } from './manual-backup-guard.ts';
import { ProjectBackupsService } from './project-backups-service.ts';

export function projectBackupsService(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>, services: PlatformServices): ProjectBackupsService {
	return new ProjectBackupsService({
		database: context.database,
		driver: services.driverWithin(),
		guard: new ManualBackupGuard(() => new Date(), new ReplicaMutex(context.database)),
		actionLimits: () => services.actionLimits,
		logger: context.logger,
	});
}
