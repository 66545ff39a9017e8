/** Dollar amount in the reader's locale; cents only when there are any. */
export function formatUsd(amount: number, locale: string | undefined): string {
	return new Intl.NumberFormat(locale, {
		style: 'currency',
		currency: 'USD',
		minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
		maximumFractionDigits: 2,
	}).format(amount);
}
