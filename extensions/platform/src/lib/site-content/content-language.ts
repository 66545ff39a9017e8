/**
 * The language site content is answered in: `?lang=` when given, which must then be one we write
 * in (a typo should not quietly answer English), else the browser's Accept-Language, else English.
 */
import type { Request } from 'express';
import { SITE_CONTENT_LANGUAGES, type SiteContentLanguage } from '@epic/platform-api';
import { InvalidLanguageError } from '../errors.ts';
import { requestLanguage } from '../http/request-language.ts';

export function contentLanguage(req: Pick<Request, 'query' | 'get'>): SiteContentLanguage {
	const asked = req.query['lang'];
	if (asked === undefined) return requestLanguage(req as Request, SITE_CONTENT_LANGUAGES, 'en');
	const supported = SITE_CONTENT_LANGUAGES.find((language) => language === asked);
	if (!supported) throw new InvalidLanguageError({ languages: SITE_CONTENT_LANGUAGES.join(', ') });
	return supported;
}
