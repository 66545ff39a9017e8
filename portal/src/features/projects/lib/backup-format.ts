/** A backup's size in the reader's language, in the largest unit that keeps it at least 1 (e.g. "2.4 MB"). */
export function formatBytes(bytes: number, locale: string | undefined): string {
	const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
	let value = bytes;
	let unit = 0;
	while (value >= 1000 && unit < units.length - 1) {
		value /= 1000;
		unit += 1;
	}
	return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** When a backup was taken, date and time in the reader's language and time zone; null when it does not parse. */
export function formatDateTime(iso: string, locale: string | undefined): string | null {
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return null;
	return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
