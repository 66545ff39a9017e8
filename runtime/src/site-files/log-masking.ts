/**
 * What an owner sees of their site's log has no secret in it: the site's own KEY and SECRET, any
 * token that looks like a JWT, bearer credentials, and the value of any field whose name says it
 * is a password, secret, token, key or licence key (`"password":"…"`, `token=…`), and the password of a
 * connection URL. Masked, not dropped, so the line still says what happened.
 */
const MASK = '[masked]';

/** Names of fields whose values are credentials. */
const SECRET_NAME = String.raw`[\w-]*(?:password|passwd|secret|token|apikey|api_key|licen[cs]e[_-]?key|authorization|cookie)[\w-]*`;

/** `"password": "a b, c"`: the whole quoted value, escapes included. */
const QUOTED_FIELD = new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*")((?:[^"\\]|\\.)*)(")`, 'gi');
/** `Cookie: a=1; b=2`, `authorization: Bearer x` or the key Directus sends its licence server, as a header line prints: the rest of the value. */
const HEADER = /(\b(?:cookie|set-cookie|authorization|directus-license-key)\s*:\s*)(?!")[^\n"]+/gi;
/** `token=abc` in a query string or a key=value line. */
const ASSIGNED = new RegExp(String.raw`(\b${SECRET_NAME}=)([^&\s"',;]+)`, 'gi');
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const BEARER = /(\bbearer\s+)[^\s"',]+/gi;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:)([^@\s/]+)(@)/gi;

export function maskLogLine(line: string, secrets: readonly string[]): string {
	let masked = line;
	for (const secret of secrets) if (secret.length >= 8) masked = masked.split(secret).join(MASK);
	return masked
		.replace(JWT, MASK)
		.replace(BEARER, `$1${MASK}`)
		.replace(QUOTED_FIELD, `$1${MASK}$3`)
		.replace(HEADER, `$1${MASK}`)
		.replace(ASSIGNED, `$1${MASK}`)
		.replace(URL_PASSWORD, `$1${MASK}$3`);
}
