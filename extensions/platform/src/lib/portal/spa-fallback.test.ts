import { describe, expect, it } from 'vitest';
import { isApiPath, isPortalPageSharedWithApi } from './spa-fallback.ts';

describe('isApiPath', () => {
	it('recognises Directus and platform API prefixes', () => {
		for (const path of [
			'/items/x',
			'/users',
			'/admin/content',
			'/stripe/plans',
			'/account/me',
			'/dns-verify',
			'/graphql',
			'/portal-assets/a.js',
			'/projects',
			'/projects/1b2c',
			'/site-content',
			'/site-content/pages/privacy',
		]) {
			expect(isApiPath(path), path).toBe(true);
		}
	});

	it('leaves portal routes to the portal', () => {
		for (const path of ['/', '/help', '/dashboard', '/itemsx', '/user', '/projectsx']) {
			expect(isApiPath(path), path).toBe(false);
		}
	});
});

describe('isPortalPageSharedWithApi', () => {
	it('gives browser navigations to /auth and /projects/new the portal', () => {
		for (const path of ['/auth', '/projects/new', '/projects/new/']) expect(isPortalPageSharedWithApi(path), path).toBe(true);
	});

	it('leaves the rest of the projects API to the endpoint', () => {
		for (const path of ['/projects', '/projects/', '/projects/new/x', '/projects/0e5e']) expect(isPortalPageSharedWithApi(path), path).toBe(false);
	});
});
