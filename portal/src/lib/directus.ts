import { authentication, createDirectus, rest } from '@directus/sdk';
import { authStorage, clearStoredAuth } from './auth-storage';

/** Refresh this long before the access token expires (docs/product.md, Constants). */
const MS_REFRESH_BEFORE_EXPIRES = 30_000;

/**
 * The SDK swallows failures of its own background refresh and keeps the dead
 * tokens. Watching the refresh call at the fetch level is the one place that
 * sees every refresh, so a failed one ends the session here.
 */
const fetchEndingSessionOnFailedRefresh: typeof fetch = async (input, init) => {
	const response = await fetch(input, init);
	const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
	if (!response.ok && new URL(url, window.location.origin).pathname === '/auth/refresh') {
		clearStoredAuth();
	}
	return response;
};

/**
 * The control plane serves the portal, so the API is same-origin. The server renderer
 * (src/server-render) imports this module but sends no requests: its pages get their data handed in.
 */
function apiOrigin(): string {
	return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/** The portal's only API client: the control plane serves the portal, so it is same-origin. */
export const directus = createDirectus(apiOrigin(), {
	globals: { fetch: fetchEndingSessionOnFailedRefresh },
})
	.with(
		authentication('json', {
			storage: authStorage,
			autoRefresh: true,
			msRefreshBeforeExpires: MS_REFRESH_BEFORE_EXPIRES,
		}),
	)
	.with(rest());
