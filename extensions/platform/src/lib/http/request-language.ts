/**
 * The language an answer is written in: `?lang=` when the portal says it, else the first supported
 * language of Accept-Language, else English.
 */
import type { Request } from 'express';

export function requestLanguage<T extends string>(req: Request, supported: readonly T[], fallback: T): T {
	const asked = typeof req.query['lang'] === 'string' ? req.query['lang'].toLowerCase() : '';
	if ((supported as readonly string[]).includes(asked)) return asked as T;
	return acceptedLanguage(req.get('accept-language'), supported, fallback);
}

/** The first supported language of an Accept-Language header, else `fallback`. */
export function acceptedLanguage<T extends string>(header: string | undefined, supported: readonly T[], fallback: T): T {
	for (const part of (header ?? '').split(',')) {
		const prefix = part.trim().split(';')[0]?.split('-')[0]?.toLowerCase() ?? '';
		if ((supported as readonly string[]).includes(prefix)) return prefix as T;
	}
	return fallback;
}
