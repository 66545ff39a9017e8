/**
 * How a site's storage reads in its details dialog: megabytes as the plans count them (MiB, the
 * unit of `site_storage_quota_mb`: a 5120 MB plan shows "5,120 MB"), in the reader's language, and
 * the share of the quota used for the progress bar.
 */

const MIB = 1024 * 1024;

/** `12_582_912` → "12 MB", `1_310_720` → "1.3 MB"; one decimal at most. */
export const formatMegabytes = (bytes: number, locale: string | undefined): string =>
	new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / MIB);

/** Percent of the quota used, 0–100 (a site can pass its quota a little: the bar stops at full). */
export const storagePercent = (usedBytes: number, quotaBytes: number): number => (quotaBytes <= 0 ? 100 : Math.min(100, Math.round((usedBytes / quotaBytes) * 1000) / 10));

/** From this share on, the bar turns orange: uploads are close to being refused. */
export const STORAGE_WARNING_PERCENT = 90;
