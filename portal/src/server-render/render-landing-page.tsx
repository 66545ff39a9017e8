/**
 * Entry of the portal's server build (`npm run build` writes it to dist/server/). The control plane
 * calls `renderLandingPage` to answer a visitor's `GET /` with the landing page already drawn: the
 * app's own components, routes and texts, rendered to HTML with the plans and content the control
 * plane read. A phone shows the page without first downloading and running the app.
 */
import { CacheProvider } from '@emotion/react';
import type { LandingRenderInput, RenderedLanding } from '@epic/platform-api';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { swrFallbackFor } from '../app/server-rendered-data';
import { paths } from '../config/paths';
import { i18n, initI18n, showLanguage } from '../lib/i18n';
import type { ServerRenderedData } from '../lib/server-rendered-page';
import { createRenderStyleCache, stylesheetOf } from './emotion-stylesheet';
import { landingDocument } from './landing-document';

const handler = createStaticHandler(routes);
let i18nStarted: Promise<void> | null = null;
/** i18next has one active language; renders take turns so none is drawn in another's. */
let previousRender: Promise<unknown> = Promise.resolve();

async function drawLanding(input: LandingRenderInput): Promise<RenderedLanding> {
	i18nStarted ??= initI18n(input.language);
	await i18nStarted;
	await showLanguage(input.language);

	const context = await handler.query(new Request(`http://localhost${paths.home.getHref()}`));
	if (context instanceof Response) throw new Error(`The landing route answered ${context.status} instead of a page`);
	const router = createStaticRouter(handler.dataRoutes, context);
	const data: ServerRenderedData = {
		language: input.language,
		plans: input.plans,
		siteContent: input.siteContent,
		portalConfig: input.portalConfig,
	};
	const styleCache = createRenderStyleCache();

	const html = renderToString(
		<CacheProvider value={styleCache}>
			<AppProvider swrFallback={swrFallbackFor(data)}>
				<StaticRouterProvider router={router} context={context} hydrate={false} />
			</AppProvider>
		</CacheProvider>,
	);
	return landingDocument(input.template, { html, css: stylesheetOf(styleCache), title: i18n.t('app.title'), data });
}

export function renderLandingPage(input: LandingRenderInput): Promise<RenderedLanding> {
	const render = previousRender.then(() => drawLanding(input));
	previousRender = render.catch(() => undefined);
	return render;
}
