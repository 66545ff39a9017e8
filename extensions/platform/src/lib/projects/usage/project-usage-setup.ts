/** Builds the usage service from the bundle's context: the projects table and the runtime driver. */
import type { ApiExtensionContext } from '@directus/types';
import type { Knex } from 'knex';
import type { PlatformServices } from '../../platform-services.ts';
import { ProjectUsageService } from './project-usage-service.ts';

/** The dashboard waits for this at most; a runtime that hangs makes the usage unavailable, not the page slow. */
const USAGE_TIMEOUT_MS = 5000;

/** The owner filter is in the query itself, as everywhere in lib/projects (docs/access-model.md). */
export async function ownProjectIds(database: Knex, userId: string): Promise<string[]> {
	const rows = (await database('projects')
		.select('id')
		.where({ owner: userId })
		.orderBy([{ column: 'date_created' }, { column: 'id' }])) as { id: string }[];
	return rows.map((row) => row.id);
}

export function projectUsageService(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>, services: PlatformServices): ProjectUsageService {
	return new ProjectUsageService({
		ownProjectIds: (userId) => ownProjectIds(context.database, userId),
		driver: services.driverWithin(USAGE_TIMEOUT_MS),
		now: () => new Date(),
		logger: context.logger,
	});
}
