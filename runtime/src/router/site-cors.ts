/**
 * Cross-origin access to a site, by its owner's list of allowed origins (the project dialog's
 * "Allowed origins"). The router answers for the site rather than Directus (whose CORS stays off):
 * a change applies at the next request without restarting the site, and a preflight is answered
 * without waking a sleeping one.
 *  - A preflight from an allowed origin gets the method and headers it asks for; from any other
 *    origin, an answer without CORS headers, which the browser takes as a refusal.
 *  - A request from an allowed origin gets Access-Control-Allow-Origin (with credentials, for the
 *    SDK's cookie mode); any other gets nothing added, so the browser keeps the answer from the page.
 *  - Browsers apply no CORS to websockets, so a websocket whose Origin is neither the site's own
 *    nor allowed is refused outright (a page elsewhere must not ride a visitor's session).
 * A request without Origin (a server, curl, the same-origin Studio) passes untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a browser may cache a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** Headers a page may read besides the simple ones: Directus's default, and our request id. */
const EXPOSED_HEADERS = 'Content-Range, X-Request-Id';

function originOf(request: IncomingMessage): string | null {
	const origin = request.headers.origin;
	return typeof origin === 'string' && origin !== 'null' ? origin.toLowerCase() : null;
}

/** True when the Origin names the host the request was sent to (Studio on the site itself). */
function isOwnOrigin(origin: string, request: IncomingMessage): boolean {
	try {
		return new URL(origin).host === (request.headers.host ?? '').toLowerCase();
	} catch {
		return false;
	}
}

function isPreflight(request: IncomingMessage): boolean {
	return request.method === 'OPTIONS' && typeof request.headers['access-control-request-method'] === 'string';
}

/**
 * Adds the CORS headers the site's allowed origins call for. Returns true when it answered the
 * request itself (a preflight), false when the request goes on to the site.
 */
export function applySiteCors(request: IncomingMessage, response: ServerResponse, allowedOrigins: readonly string[]): boolean {
	const origin = originOf(request);
	if (!origin || isOwnOrigin(origin, request)) return false;
	const allowed = allowedOrigins.includes(origin);
	if (isPreflight(request)) {
		const headers: Record<string, string> = { vary: 'Origin', 'content-length': '0' };
		if (allowed) {
			headers['access-control-allow-origin'] = origin;
			headers['access-control-allow-credentials'] = 'true';
			headers['access-control-allow-methods'] = 'GET, POST, PATCH, PUT, DELETE, SEARCH, OPTIONS';
			const asked = request.headers['access-control-request-headers'];
			if (typeof asked === 'string' && asked) headers['access-control-allow-headers'] = asked;
			headers['access-control-max-age'] = String(PREFLIGHT_MAX_AGE_SECONDS);
		}
		response.writeHead(204, headers).end();
		return true;
	}
	response.setHeader('vary', 'Origin');
	if (allowed) {
		response.setHeader('access-control-allow-origin', origin);
		response.setHeader('access-control-allow-credentials', 'true');
		response.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
	}
	return false;
}

/**
 * Whether a websocket may open: no Origin (not a browser), the site's own, or an allowed one. An
 * allowed foreign Origin is taken off the request: Directus refuses a websocket whose Origin its
 * own CORS settings (off) do not list, and the router has made the check in its place.
 */
export function admitWebsocket(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
	const origin = originOf(request);
	if (!origin || isOwnOrigin(origin, request)) return true;
	if (!allowedOrigins.includes(origin)) return false;
	delete request.headers.origin;
	return true;
}
