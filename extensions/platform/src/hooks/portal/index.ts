/**
 * Serves the customer portal at `/` from the control plane. Static files are mounted before
 * Directus's routes; the deep-link fallback after them, so `/admin` and the API are unaffected.
 */
import { defineHook } from '@directus/extensions-sdk';
import type { Express } from 'express';
import { readPlatformConfig } from '../../lib/platform-config.ts';
import { findPortalBuild, portalStaticFiles } from '../../lib/portal/portal-files.ts';
import { portalPagesSharedWithApi, portalSpaFallback } from '../../lib/portal/spa-fallback.ts';

export default defineHook(({ init }, context) => {
	const build = findPortalBuild(readPlatformConfig(context.env).PORTAL_DIST);
	if (!build) {
		context.logger.warn('Portal build not found (PORTAL_DIST); the portal will not be served. Run `npm run build`.');
		return;
	}

	init('app.before', (meta) => {
		const app = meta['app'] as Express;
		app.use(portalStaticFiles(build));
		app.use(portalPagesSharedWithApi(build));
	});

	init('routes.custom.after', (meta) => {
		(meta['app'] as Express).use(portalSpaFallback(build));
	});
});
