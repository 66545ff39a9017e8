/**
 * English fallback for items that are written separately per language (docs/product.md, Site
 * content). Items of different languages are not linked to each other, so a list falls back as a
 * whole: the asked language's items if it has any, else the English ones. Never a mix, which
 * would show the same testimonial or milestone twice in two languages.
 */
import type { SiteContentLanguage } from '@epic/platform-api';

export function inLanguageOrEnglish<T extends { language: string }>(items: readonly T[], language: SiteContentLanguage): T[] {
	const asked = items.filter((item) => item.language === language);
	return asked.length > 0 ? asked : items.filter((item) => item.language === 'en');
}
