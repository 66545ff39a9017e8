/**
 * Deep links into the portal (`/help`, `/dashboard`, a reload on any client route) get the portal's
 * `index.html`, so client-side routing can take over. It runs after every Directus and extension
 * route, so it only ever sees paths nothing else answered. API-shaped paths keep Directus's JSON 404.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isReadRequest, type PortalBuild } from './portal-files.ts';

const API_PREFIXES = [
	'access',
	'activity',
	'admin',
	'ai',
	'assets',
	'auth',
	'collections',
	'comments',
	'dashboards',
	'deployments',
	'extensions',
	'fields',
	'files',
	'flows',
	'folders',
	'graphql',
	'items',
	'license',
	'mcp',
	'mcp-oauth',
	'metrics',
	'notifications',
	'operations',
	'panels',
	'permissions',
	'policies',
	'presets',
	'relations',
	'revisions',
	'roles',
	'schema',
	'server',
	'settings',
	'shares',
	'translations',
	'users',
	'utils',
	'versions',
	'websocket',
	// platform endpoints
	'stripe',
	'account',
	'portal',
	'portal-assets',
	'dns-verify',
	'projects',
	'site-content',
	// the billing API's documented paths (/api/stripe/*) and anything else under /api
	'api',
];

/**
 * Portal pages whose path an API also answers (`GET /auth` lists auth providers; `/projects/new`
 * is under the projects API's prefix). A browser navigation asks for HTML explicitly; the SDK and
 * API clients do not.
 */
const PORTAL_PAGES_SHARED_WITH_API = new Set(['/auth', '/auth/', '/projects/new', '/projects/new/']);

export function isPortalPageSharedWithApi(pathname: string): boolean {
	return PORTAL_PAGES_SHARED_WITH_API.has(pathname);
}

export function isBrowserNavigation(req: Request): boolean {
	return isReadRequest(req) && (req.get('accept') ?? '').includes('text/html');
}

export function isApiPath(pathname: string): boolean {
	const firstSegment = pathname.split('/')[1] ?? '';
	return API_PREFIXES.includes(firstSegment);
}

export function sendPortalPage(build: PortalBuild, res: Response, next: NextFunction): void {
	res.sendFile(build.indexFile, { headers: { 'Cache-Control': 'no-cache' } }, (error) => {
		if (error && !res.headersSent) next(error);
	});
}

export function portalSpaFallback(build: PortalBuild): RequestHandler {
	return (req: Request, res: Response, next: NextFunction) => {
		if (!isReadRequest(req) || isApiPath(req.path) || !req.accepts('html')) return next();
		sendPortalPage(build, res, next);
	};
}

/** Runs before Directus's routes: browser navigations to shared paths get the portal. */
export function portalPagesSharedWithApi(build: PortalBuild): RequestHandler {
	return (req: Request, res: Response, next: NextFunction) => {
		if (!isPortalPageSharedWithApi(req.path) || !isBrowserNavigation(req)) return next();
		sendPortalPage(build, res, next);
	};
}
