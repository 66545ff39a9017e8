import type { FaqItem } from '../../../components/ui/faq-accordion';

/**
 * Entries whose question or answer contains the query, ignoring case and
 * surrounding spaces. An empty query keeps every entry.
 */
export function filterFaq(items: FaqItem[], query: string, locale?: string): FaqItem[] {
	const needle = query.trim().toLocaleLowerCase(locale);
	if (needle === '') return items;
	return items.filter((item) => item.question.toLocaleLowerCase(locale).includes(needle) || item.answer.toLocaleLowerCase(locale).includes(needle));
}
