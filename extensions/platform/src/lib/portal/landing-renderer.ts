/**
 * Loads the portal's server renderer (`<PORTAL_DIST>/server/render-landing-page.js`, built by the
 * portal's `npm run build`). It carries its own React and Chakra, so loading it adds nothing to
 * what the control plane depends on.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LandingRenderer } from '@epic/platform-api';
import type { PortalBuild } from './portal-files.ts';

export const LANDING_RENDERER_FILE = path.join('server', 'render-landing-page.js');

/** Null when the build has no server renderer; the landing page is then drawn by the app alone. */
export async function loadLandingRenderer(build: PortalBuild): Promise<LandingRenderer | null> {
	const file = path.join(build.root, LANDING_RENDERER_FILE);
	if (!existsSync(file)) return null;
	const loaded = (await import(pathToFileURL(file).href)) as { renderLandingPage?: unknown };
	return typeof loaded.renderLandingPage === 'function' ? (loaded.renderLandingPage as LandingRenderer) : null;
}
