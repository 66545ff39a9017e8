import { CORS_ORIGINS_MAX, normalizeCorsOrigin } from '@epic/platform-api';

export type CorsOriginsCheck = { ok: true; origins: string[] } | { ok: false; problem: { kind: 'tooMany' } | { kind: 'invalid'; entry: string } };

/**
 * The textarea's lines as the origins to save: blank lines skipped, each normalised, duplicates
 * dropped. A line that is not an origin is given back trimmed, for the page to name in its language.
 */
export function checkCorsOrigins(text: string): CorsOriginsCheck {
	const origins: string[] = [];
	for (const line of text.split('\n')) {
		if (line.trim() === '') continue;
		const check = normalizeCorsOrigin(line);
		if (!check.ok) return { ok: false, problem: { kind: 'invalid', entry: line.trim() } };
		if (!origins.includes(check.origin)) origins.push(check.origin);
	}
	return origins.length > CORS_ORIGINS_MAX ? { ok: false, problem: { kind: 'tooMany' } } : { ok: true, origins };
}
