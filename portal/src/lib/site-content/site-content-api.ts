import { customEndpoint } from '@directus/sdk';
import { siteContentSchema, type SiteContent } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { directus } from '../directus';
import { parseAnswer } from '../parse-answer';

export type { LegalPage, Promotion, SiteContent, TeamMember, Testimonial, TimelineEntry } from '@epic/platform-api';

export const siteContentKey = 'site-content';

/** What staff published for the public pages, in the page's language or English (docs/product.md, Site content). */
export async function fetchSiteContent(language: string): Promise<SiteContent> {
	const data = await directus.request(customEndpoint<unknown>({ path: '/site-content', method: 'GET', params: { lang: language } }));
	return parseAnswer(siteContentSchema, data, 'GET /site-content');
}

/**
 * The landing, audience and About pages share one copy per language. Everything in it is optional
 * to those pages: while it loads, or if it fails, they show their own sections without it.
 */
export function useSiteContent() {
	const { i18n } = useTranslation();
	const language = i18n.resolvedLanguage ?? i18n.language;
	return useSWR([siteContentKey, language], ([, lang]) => fetchSiteContent(lang), { revalidateOnFocus: false });
}

/** `data-site-content` on a page: tests wait for `ready` or `failed` before checking what is not there. */
export function siteContentState(result: { data?: unknown; error?: unknown }): 'loading' | 'ready' | 'failed' {
	if (result.data) return 'ready';
	return result.error ? 'failed' : 'loading';
}
