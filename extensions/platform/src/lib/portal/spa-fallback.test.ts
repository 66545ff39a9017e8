import { describe, expect, it } from 'vitest';
import { isApiPath } from './spa-fallback.ts';

describe('isApiPath', () => {
	it('recognises Directus and platform API prefixes', () => {
		for (const path of ['/items/x', '/users', '/admin/content', '/stripe/plans', '/account/me', '/dns-verify', '/graphql', '/portal-assets/a.js']) {
			expect(isApiPath(path), path).toBe(true);
		}
	});

	it('leaves portal routes to the portal', () => {
		for (const path of ['/', '/help', '/dashboard', '/projects/new', '/itemsx', '/user']) {
			expect(isApiPath(path), path).toBe(false);
		}
	});
});
