import { customEndpoint } from '@directus/sdk';
import { legalPageSchema, type LegalPage, type LegalPageSlug } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';

export type { LegalPage, LegalPageSlug } from '@epic/platform-api';

export const legalPageKey = 'site-content/pages';

/** The published text of /privacy or /terms in the page's language, or English (docs/product.md, Site content). */
export async function fetchLegalPage(slug: LegalPageSlug, language: string): Promise<LegalPage> {
	const data = await directus.request(customEndpoint<unknown>({ path: `/site-content/pages/${encodeURIComponent(slug)}`, method: 'GET', params: { lang: language } }));
	return parseAnswer(legalPageSchema, data, `GET /site-content/pages/${slug}`);
}

export function useLegalPage(slug: LegalPageSlug) {
	const { i18n } = useTranslation();
	const language = i18n.resolvedLanguage ?? i18n.language;
	return useSWR([legalPageKey, slug, language], ([, pageSlug, lang]) => fetchLegalPage(pageSlug, lang), { revalidateOnFocus: false });
}
