/**
 * Lets a page's own inline scripts run under the Content-Security-Policy Directus has already set
 * (`script-src 'self'`): each is allowed by its SHA-256 hash, so no other inline script is.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';

export const scriptHashSource = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

export function withScriptHashes(policy: string, scripts: readonly string[]): string {
	const sources = scripts.map(scriptHashSource).join(' ');
	if (!sources) return policy;
	if (/(^|;)\s*script-src\s/.test(policy)) return policy.replace(/((?:^|;)\s*script-src)(\s)/, `$1 ${sources}$2`);
	return `${policy};script-src 'self' ${sources}`;
}

/** Does nothing when the response carries no policy. */
export function allowInlineScripts(res: Response, scripts: readonly string[]): void {
	const policy = res.getHeader('content-security-policy');
	if (typeof policy !== 'string') return;
	res.setHeader('content-security-policy', withScriptHashes(policy, scripts));
}
