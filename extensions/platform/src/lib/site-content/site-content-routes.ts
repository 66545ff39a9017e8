/**
 * `/site-content`: what staff publish in Studio for the portal's public pages, open to everyone
 * (docs/product.md, Site content). Only published items, only the fields the pages show; the
 * collections themselves stay closed to customers and visitors.
 */
import { pipeline } from 'node:stream/promises';
import type { ApiExtensionContext } from '@directus/types';
import type { Router } from 'express';
import { asyncRoute } from '../http/async-route.ts';
import { contentLanguage } from './content-language.ts';
import { readLegalPage, readSiteContent } from './site-content-service.ts';
import { openTeamPhoto } from './team-photo.ts';

/** Public, but staff edits should show within a minute; never taken for a page (see avatar-routes.ts). */
const PHOTO_HEADERS = {
	'Content-Type': 'image/webp',
	'Cache-Control': 'public, max-age=60',
	'X-Content-Type-Options': 'nosniff',
	'Content-Security-Policy': "default-src 'none'",
};

type SiteContentContext = Pick<ApiExtensionContext, 'database' | 'services' | 'getSchema' | 'logger'>;

export function registerSiteContentRoutes(router: Router, context: SiteContentContext, now: () => Date = () => new Date()): void {
	router.get(
		'/',
		asyncRoute(async (req, res) => {
			const language = contentLanguage(req);
			res.setHeader('Content-Language', language);
			res.json({ data: await readSiteContent(context.database, language, now()) });
		}),
	);

	router.get(
		'/pages/:slug',
		asyncRoute(async (req, res) => {
			const language = contentLanguage(req);
			const page = await readLegalPage(context.database, String(req.params['slug']), language);
			res.setHeader('Content-Language', page.language);
			res.json({ data: page });
		}),
	);

	router.get(
		'/team/:id/photo',
		asyncRoute(async (req, res) => {
			const photo = await openTeamPhoto(context, String(req.params['id']));
			res.set({ ...PHOTO_HEADERS, 'Content-Length': String(photo.bytes) });
			// Once the first bytes are out an error can only end the response; pipeline closes both ends.
			await pipeline(photo.stream, res).catch((error: unknown) => {
				context.logger.debug(`Team photo ${String(req.params['id'])} not sent in full: ${(error as Error).message}`);
			});
		}),
	);
}
