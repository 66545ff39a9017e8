import { customEndpoint } from '@directus/sdk';
import { planListSchema } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { directus } from '../directus';
import { parseAnswer } from '../parse-answer';
import type { Plan } from './plan';

export const plansKey = 'stripe/plans';

/**
 * Public list of active plans in the page's language (names and features are translated by staff);
 * the SDK unwraps the `{ data }` envelope.
 */
export async function fetchPlans(language: string): Promise<Plan[]> {
	const data = await directus.request(customEndpoint<unknown>({ path: '/stripe/plans', method: 'GET', params: { lang: language } }));
	return parseAnswer(planListSchema, data, 'GET /stripe/plans');
}

export function usePlans() {
	const { i18n } = useTranslation();
	const language = i18n.resolvedLanguage ?? i18n.language;
	return useSWR([plansKey, language], ([, lang]) => fetchPlans(lang), { revalidateOnFocus: false });
}
