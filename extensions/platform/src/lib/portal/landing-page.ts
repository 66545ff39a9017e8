/**
 * A visitor's `GET /` answered with the landing page already drawn (portal/src/server-render), from
 * the plans and site content read here. A phone shows it without downloading the app first; the
 * app takes over once the visitor does something. If drawing fails the visitor still gets the app,
 * which draws the page itself.
 */
import { readFileSync } from 'node:fs';
import type { LandingRenderer, Plan, PortalConfig, RenderedLanding, SiteContent } from '@epic/platform-api';
import { SITE_CONTENT_LANGUAGES } from '@epic/platform-api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { allowInlineScripts } from '../http/allow-inline-scripts.ts';
import { acceptedLanguage } from '../http/request-language.ts';
import type { PortalBuild } from './portal-files.ts';
import { isBrowserNavigation, sendPortalPage } from './spa-fallback.ts';

type Language = (typeof SITE_CONTENT_LANGUAGES)[number];

export interface LandingPageSources {
	plans: (language: Language) => Promise<Plan[]>;
	siteContent: (language: Language) => Promise<SiteContent>;
	portalConfig: PortalConfig;
	/** Told why a drawing failed (the visitor gets the app instead). */
	onRenderFailed: (error: unknown) => void;
}

export function serverRenderedLanding(build: PortalBuild, render: LandingRenderer, sources: LandingPageSources): RequestHandler {
	const template = readFileSync(build.indexFile, 'utf8');
	/**
	 * The last page drawn in each language, with the data it was drawn from. Drawing takes the
	 * event loop for over 100 ms, and this route runs before Directus's rate limiter; plans and site
	 * content change rarely, so a page is drawn again only when they have.
	 */
	const drawn = new Map<Language, { data: string; page: RenderedLanding }>();
	const draw = async (language: Language, plans: Plan[], siteContent: SiteContent): Promise<RenderedLanding> => {
		const data = JSON.stringify({ plans, siteContent });
		const last = drawn.get(language);
		if (last?.data === data) return last.page;
		const page = await render({ template, language, plans, siteContent, portalConfig: sources.portalConfig });
		drawn.set(language, { data, page });
		return page;
	};
	return (req: Request, res: Response, next: NextFunction) => {
		if (req.path !== '/' || !isBrowserNavigation(req)) return next();
		// The page follows the browser's language, as the app does on a first visit (no `?lang=`).
		const language = acceptedLanguage(req.get('accept-language'), SITE_CONTENT_LANGUAGES, 'en');
		void (async () => {
			try {
				const [plans, siteContent] = await Promise.all([sources.plans(language), sources.siteContent(language)]);
				const page = await draw(language, plans, siteContent);
				allowInlineScripts(res, page.inlineScripts);
				res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Accept-Language' });
				res.send(page.html);
			} catch (error) {
				sources.onRenderFailed(error);
				sendPortalPage(build, res, next);
			}
		})();
	};
}
