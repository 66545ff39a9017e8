const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
	['minute', 60],
	['hour', 60 * 60],
	['day', 24 * 60 * 60],
];

/** Past this age a date is shown as a date, not as a distance. */
const RELATIVE_UNTIL_DAYS = 7;

/**
 * When something happened, in the reader's language: "just now", "5 minutes ago", "yesterday",
 * then the date itself after a week. Null for a date that does not parse.
 */
export function formatWhen(iso: string, now: Date, locale: string | undefined): string | null {
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return null;
	const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
	const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
	if (seconds < 60) return relative.format(0, 'second');
	if (seconds >= RELATIVE_UNTIL_DAYS * 24 * 60 * 60) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
	const [unit, size] = [...UNITS].reverse().find(([, unitSeconds]) => seconds >= unitSeconds) ?? UNITS[0]!;
	return relative.format(-Math.floor(seconds / size), unit);
}
