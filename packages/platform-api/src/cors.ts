/**
 * Allowed origins of a project (docs/product.md, Allowed origins): the front ends on other origins
 * whose pages may call the project's CMS from the browser. One rule for the portal's form, the
 * control plane that stores them and the runtime that applies them.
 */

/** Enough for production, staging and a few developers' machines; a longer list is a sign of a mistake. */
export const CORS_ORIGINS_MAX = 20;

export type CorsOriginCheck = { ok: true; origin: string } | { ok: false; message: string };

/**
 * An origin as browsers send it: `http` or `https`, the host in lower case (punycode), a port only
 * when it is not the scheme's default, nothing after it. A trailing slash is forgiven; a path,
 * query, credentials or a wildcard are not.
 */
export function normalizeCorsOrigin(value: string): CorsOriginCheck {
	const text = value.trim();
	const refusal = {
		ok: false as const,
		message: `${text || 'An empty value'} is not an origin: write a scheme and a host, like https://www.example.com (a port may follow, nothing else)`,
	};
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return refusal;
	}
	const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !text.includes('*');
	if (!bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) return refusal;
	// A path of "/" is allowed only as a trailing slash the user typed, not as "https://a.com/?".
	if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\/?$/i.test(text)) return refusal;
	return { ok: true, origin: url.origin };
}
