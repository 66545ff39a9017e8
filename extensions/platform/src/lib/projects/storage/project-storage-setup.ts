/** Builds the storage service and its route (`GET /projects/:id/storage`) from the bundle's context. */
import type { ApiExtensionContext } from '@directus/types';
import type { Router } from 'express';
import { asyncRoute } from '../../http/async-route.ts';
import type { PlatformServices } from '../../platform-services.ts';
import { projectCallerOf } from '../project-visibility.ts';
import { ProjectStorageService } from './project-storage-service.ts';

/** The project dialog waits for this at most; a runtime that hangs makes the figure unavailable, not the dialog slow. */
const STORAGE_TIMEOUT_MS = 5000;

export function projectStorageService(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>, services: PlatformServices): ProjectStorageService {
	return new ProjectStorageService({ database: context.database, driver: services.driverWithin(STORAGE_TIMEOUT_MS), logger: context.logger });
}

export function registerProjectStorageRoute(router: Router, storage: ProjectStorageService): void {
	router.get(
		'/:id/storage',
		asyncRoute(async (req, res) => {
			const caller = projectCallerOf(req);
			// Measured now: a cached copy would show room the site no longer has.
			res.setHeader('Cache-Control', 'no-store');
			res.json({ data: await storage.of(caller, String(req.params['id'])) });
		}),
	);
}
