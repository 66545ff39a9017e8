/**
 * Serves the built portal (Vite output) from the control plane. Hashed bundles live under
 * `/portal-assets/` (Vite's default `/assets/` belongs to Directus's file route) and are cached
 * for a year; `index.html` is never cached so a deploy is picked up on the next navigation.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const PORTAL_ASSETS_PREFIX = '/portal-assets/';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export interface PortalBuild {
	root: string;
	indexFile: string;
	/** Files at the top of the build (favicon, robots…), served at `/<name>`. */
	topLevelFiles: Set<string>;
}

/** Reads the build folder once at start-up; null when the portal has not been built. */
export function findPortalBuild(root: string | undefined): PortalBuild | null {
	if (!root) return null;
	const indexFile = path.join(root, 'index.html');
	if (!existsSync(indexFile)) return null;
	const topLevelFiles = new Set(readdirSync(root).filter((name) => name !== 'index.html' && statSync(path.join(root, name)).isFile()));
	return { root, indexFile, topLevelFiles };
}

export function isReadRequest(req: Request): boolean {
	return req.method === 'GET' || req.method === 'HEAD';
}

/** Static files of the build; anything else passes through untouched. */
export function portalStaticFiles(build: PortalBuild): RequestHandler {
	return (req: Request, res: Response, next: NextFunction) => {
		if (!isReadRequest(req)) return next();
		const isHashedAsset = req.path.startsWith(PORTAL_ASSETS_PREFIX);
		const topLevelName = req.path.slice(1);
		if (!isHashedAsset && !build.topLevelFiles.has(topLevelName)) return next();

		// `root` makes `send` refuse paths that climb out of the build folder.
		res.sendFile(req.path.slice(1), { root: build.root, maxAge: isHashedAsset ? ONE_YEAR_MS : 0, immutable: isHashedAsset, dotfiles: 'deny' }, (error) => {
			if (error && !res.headersSent) next();
		});
	};
}
