import type { Plan } from './plans.ts';
import type { PortalConfig } from './portal-config.ts';
import type { SiteContent } from './site-content.ts';

/**
 * What the control plane hands the portal's server renderer (portal/src/server-render) to answer
 * a visitor's `GET /` with the landing page already drawn: the built `index.html` and the data the
 * page shows, read by the control plane itself.
 */
export interface LandingRenderInput {
	/** The portal's built `index.html`. */
	template: string;
	language: 'en' | 'es' | 'ru';
	plans: Plan[];
	siteContent: SiteContent;
	portalConfig: PortalConfig;
}

export interface RenderedLanding {
	html: string;
	/** The text of each inline `<script>` in `html`, for the Content-Security-Policy to allow by hash. */
	inlineScripts: string[];
}

/** The module at `<PORTAL_DIST>/server/render-landing-page.js` exports this as `renderLandingPage`. */
export type LandingRenderer = (input: LandingRenderInput) => Promise<RenderedLanding>;
