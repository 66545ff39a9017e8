/** Derived views of a price: the legacy plan object and how Stripe words an amount and interval. */
import type { Plan, Price } from './objects.ts';

export function planOf(price: Price): Plan {
	const recurring = price.recurring;
	if (!recurring) throw new Error(`Price ${price.id} is not recurring`);
	return {
		id: price.id,
		object: 'plan',
		active: price.active,
		amount: price.unit_amount,
		amount_decimal: price.unit_amount_decimal,
		billing_scheme: 'per_unit',
		created: price.created,
		currency: price.currency,
		interval: recurring.interval,
		interval_count: recurring.interval_count,
		livemode: false,
		metadata: { ...price.metadata },
		nickname: price.nickname,
		product: price.product,
		tiers_mode: null,
		transform_usage: null,
		trial_period_days: null,
		usage_type: 'licensed',
	};
}

export function formatMoney(amount: number, currency: string): string {
	return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

/** `$10.00 / month`, `$30.00 every 3 months`, as on Stripe's invoice lines. */
export function priceTerms(price: Price): string {
	const money = formatMoney(price.unit_amount, price.currency);
	const recurring = price.recurring;
	if (!recurring) return money;
	return recurring.interval_count === 1 ? `${money} / ${recurring.interval}` : `${money} every ${recurring.interval_count} ${recurring.interval}s`;
}

/** Two recurring prices bill on the same cycle when interval and count agree. */
export function sameCycle(a: Price, b: Price): boolean {
	return a.recurring?.interval === b.recurring?.interval && a.recurring?.interval_count === b.recurring?.interval_count;
}
