/** A date from the API (ISO) in the reader's language, e.g. "March 5, 2026"; null when it does not parse. */
export function formatDate(iso: string | null | undefined, locale: string | undefined): string | null {
	if (!iso) return null;
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return null;
	return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

/** A card's expiry as MM/YY. */
export const formatCardExpiry = (month: number, year: number): string => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** The first 20 characters of a publishable key, enough to tell test from live keys and accounts apart. */
export const PUBLISHABLE_KEY_SHOWN = 20;

export function maskKey(key: string | null): string | null {
	if (key === null) return null;
	return key.length > PUBLISHABLE_KEY_SHOWN ? `${key.slice(0, PUBLISHABLE_KEY_SHOWN)}…` : key;
}
