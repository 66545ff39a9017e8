/** Builds the storage service and its route (`GET /projects/:id/storage`) from the bundle's context. */
import type { ApiExtensionContext } from '@directus/types';
import type { Router } from 'express';
import { accountabilityOf, requireUserId } from '../../http/accountability.ts';
import { asyncRoute } from '../../http/async-route.ts';
import { createRuntimeDriver } from '../../runtime/runtime-driver-factory.ts';
import type { RuntimeDriver } from '../../runtime/runtime-driver.ts';
import { ProjectStorageService } from './project-storage-service.ts';

/** The project dialog waits for this at most; a runtime that hangs makes the figure unavailable, not the dialog slow. */
const STORAGE_TIMEOUT_MS = 5000;

export function projectStorageService(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>): ProjectStorageService {
	// Read on first use, as provisioning does: a wrong runtime setting must not take the other project routes down.
	let driver: RuntimeDriver | null | undefined;
	return new ProjectStorageService({
		database: context.database,
		driver: () => (driver === undefined ? (driver = createRuntimeDriver(context.env, { timeoutMs: STORAGE_TIMEOUT_MS })) : driver),
		logger: context.logger,
	});
}

export function registerProjectStorageRoute(router: Router, storage: ProjectStorageService): void {
	router.get(
		'/:id/storage',
		asyncRoute(async (req, res) => {
			const caller = { userId: requireUserId(req), staff: accountabilityOf(req)?.admin === true };
			// Measured now: a cached copy would show room the site no longer has.
			res.setHeader('Cache-Control', 'no-store');
			res.json({ data: await storage.of(caller, String(req.params['id'])) });
		}),
	);
}
