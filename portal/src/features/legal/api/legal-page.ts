import { customEndpoint } from '@directus/sdk';
import type { LegalPage, LegalPageSlug } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { UnexpectedResponseError } from '../../../lib/api-error';
import { directus } from '../../../lib/directus';
import { isLegalPage } from '../../../lib/site-content/site-content-guards';

export type { LegalPage, LegalPageSlug } from '@epic/platform-api';

export const legalPageKey = 'site-content/pages';

/** The published text of /privacy or /terms in the page's language, or English (docs/product.md, Site content). */
export async function fetchLegalPage(slug: LegalPageSlug, language: string): Promise<LegalPage> {
  const data = await directus.request(
    customEndpoint<unknown>({ path: `/site-content/pages/${encodeURIComponent(slug)}`, method: 'GET', params: { lang: language } }),
  );
  if (!isLegalPage(data)) throw new UnexpectedResponseError(`GET /site-content/pages/${slug} did not return a page`);
  return data;
}

export function useLegalPage(slug: LegalPageSlug) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useSWR([legalPageKey, slug, language], ([, pageSlug, lang]) => fetchLegalPage(pageSlug, lang), { revalidateOnFocus: false });
}
