/** Builds the tier service and its route (`GET /projects/:id/tier`) from the bundle's context. */
import type { ApiExtensionContext } from '@directus/types';
import type { Router } from 'express';
import { asyncRoute } from '../../http/async-route.ts';
import type { PlatformServices } from '../../platform-services.ts';
import { projectCallerOf } from '../project-visibility.ts';
import { ProjectTierService } from './project-tier-service.ts';

/** Reading the tier may wake a sleeping site first: a cold start takes seconds. */
const TIER_TIMEOUT_MS = 30_000;

export function projectTierService(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>, services: PlatformServices): ProjectTierService {
	return new ProjectTierService({ database: context.database, driver: services.driverWithin(TIER_TIMEOUT_MS), logger: context.logger });
}

export function registerProjectTierRoute(router: Router, tier: ProjectTierService): void {
	router.get(
		'/:id/tier',
		asyncRoute(async (req, res) => {
			const caller = projectCallerOf(req);
			// Read from the site now: its use changes as its owner works in Studio.
			res.setHeader('Cache-Control', 'no-store');
			res.json({ data: await tier.of(caller, String(req.params['id'])) });
		}),
	);
}
