/**
 * What an owner sees of their site's log has no secret in it: the site's own KEY and SECRET, any
 * token that looks like a JWT, bearer credentials, and the value of any field whose name says it
 * is a password, secret, token or key (`"password":"…"`, `token=…`), and the password of a
 * connection URL. Masked, not dropped, so the line still says what happened.
 */
const MASK = '[masked]';

const PATTERNS: RegExp[] = [
	/eyJ[\w-]+\.[\w-]+\.[\w-]+/g,
	/(\bbearer\s+)[^\s"',]+/gi,
	/("?[\w-]*(?:password|secret|token|apikey|api_key|authorization|cookie)[\w-]*"?\s*[:=]\s*"?)([^"\s,&}]+)/gi,
	/(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:)([^@\s/]+)(@)/gi,
];

export function maskLogLine(line: string, secrets: readonly string[]): string {
	let masked = line;
	for (const secret of secrets) if (secret.length >= 8) masked = masked.split(secret).join(MASK);
	masked = masked.replace(PATTERNS[0]!, MASK);
	masked = masked.replace(PATTERNS[1]!, `$1${MASK}`);
	masked = masked.replace(PATTERNS[2]!, `$1${MASK}`);
	masked = masked.replace(PATTERNS[3]!, `$1${MASK}$3`);
	return masked;
}
