/** A date from the API (ISO) in the reader's language, e.g. "March 5, 2026"; null when it does not parse. */
export function formatDate(iso: string | null | undefined, locale: string | undefined): string | null {
	if (!iso) return null;
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return null;
	return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}
