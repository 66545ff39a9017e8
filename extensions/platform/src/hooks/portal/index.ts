/**
 * Serves the customer portal at `/` from the control plane. Static files are mounted before
 * Directus's routes; the deep-link fallback after them, so `/admin` and the API are unaffected.
 * A visitor's `/` is drawn on the server (lib/portal/landing-page.ts) when the build has the renderer.
 */
import { defineHook } from '@directus/extensions-sdk';
import type { Express } from 'express';
import { readPlatformConfig } from '../../lib/platform-config.ts';
import { platformServices } from '../../lib/platform-services.ts';
import { localizePlan } from '../../lib/plans/plan-translations.ts';
import { serverRenderedLanding } from '../../lib/portal/landing-page.ts';
import { portalConfig } from '../../lib/portal/portal-config.ts';
import { loadLandingRenderer } from '../../lib/portal/landing-renderer.ts';
import { findPortalBuild, portalStaticFiles } from '../../lib/portal/portal-files.ts';
import { portalPagesSharedWithApi, portalSpaFallback } from '../../lib/portal/spa-fallback.ts';
import { readSiteContent } from '../../lib/site-content/site-content-service.ts';

export default defineHook(({ init }, context) => {
	const config = readPlatformConfig(context.env);
	const services = platformServices(context);
	const build = findPortalBuild(config.PORTAL_DIST);
	if (!build) {
		context.logger.warn('Portal build not found (PORTAL_DIST); the portal will not be served. Run `npm run build`.');
		return;
	}

	// Directus awaits init handlers, so the renderer is loaded before the first request.
	init('app.before', async (meta) => {
		const app = meta['app'] as Express;
		const renderLanding = await loadLandingRenderer(build);
		if (!renderLanding) context.logger.warn('The portal build has no server renderer; the landing page is drawn in the browser.');
		if (renderLanding) {
			app.use(
				serverRenderedLanding(build, renderLanding, {
					plans: async (language) => (await services.catalogue.list()).map((entry) => localizePlan(entry, language)),
					siteContent: (language) => readSiteContent(context.database, language, new Date()),
					portalConfig: portalConfig(config),
					onRenderFailed: (error) => context.logger.error(error, 'Drawing the landing page failed; the app draws it instead'),
				}),
			);
		}
		app.use(portalStaticFiles(build));
		app.use(portalPagesSharedWithApi(build));
	});

	init('routes.custom.after', (meta) => {
		(meta['app'] as Express).use(portalSpaFallback(build));
	});
});
