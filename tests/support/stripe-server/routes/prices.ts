/**
 * `/v1/prices`: per-unit prices, one-time or recurring; retrieve, update (active, metadata,
 * nickname, lookup_key), list by product, active, type, currency and lookup keys. A lookup key is
 * unique among prices, as with Stripe: taking one that is in use needs `transfer_lookup_key`.
 */
import { invalidParam, invalidRequest, resourceMissing } from '../errors.ts';
import { newId } from '../ids.ts';
import { LIST_PARAMS, listPage } from '../list.ts';
import type { Interval, Price } from '../objects.ts';
import { intervalWithinAYear } from '../periods.ts';
import { route, type Route } from '../router.ts';
import type { ServerState } from '../state.ts';
import { productOr404 } from './products.ts';

const INTERVALS: readonly Interval[] = ['day', 'week', 'month', 'year'];

export function priceOr404(state: ServerState, id: string, param?: string): Price {
	const price = state.store.prices.get(id);
	if (!price) throw resourceMissing('price', id, param);
	return price;
}

/** The price now holding `lookupKey` loses it when `transfer` is set; otherwise taking it is refused. */
function claimLookupKey(state: ServerState, lookupKey: string, transfer: boolean, except?: Price): void {
	for (const price of state.store.prices.values()) {
		if (price === except || price.lookup_key !== lookupKey) continue;
		if (!transfer) {
			throw invalidParam('lookup_key', `A price (\`${price.id}\`) already uses that lookup key.`);
		}
		state.events.update('price.updated', price, (changed) => {
			changed.lookup_key = null;
		});
	}
}

export const priceRoutes: Route[] = [
	route('POST', '/v1/prices', ({ state, params }) => {
		params.only('product', 'currency', 'unit_amount', 'recurring', 'metadata', 'lookup_key', 'transfer_lookup_key', 'nickname', 'active');
		const product = productOr404(state, params.requiredString('product'), 'product');
		const currency = params.requiredString('currency').toLowerCase();
		if (!/^[a-z]{3}$/.test(currency)) throw invalidParam('currency', `Invalid currency: ${currency}.`);
		const unitAmount = params.integer('unit_amount');
		if (unitAmount === undefined) throw invalidRequest('Missing required param: unit_amount.', { param: 'unit_amount', code: 'parameter_missing' });
		if (unitAmount < 0) throw invalidParam('unit_amount', 'This value must be greater than or equal to 0.');
		const recurringParams = params.nested('recurring')?.only('interval', 'interval_count');
		let recurring: Price['recurring'] = null;
		if (recurringParams) {
			const interval = recurringParams.enumeration('interval', INTERVALS);
			if (interval === undefined) throw invalidRequest('Missing required param: recurring[interval].', { param: 'recurring[interval]', code: 'parameter_missing' });
			const intervalCount = recurringParams.integer('interval_count') ?? 1;
			if (!intervalWithinAYear(interval, intervalCount)) {
				throw invalidParam('recurring[interval_count]', 'The maximum billing interval is one year (1 year, 12 months, 52 weeks or 365 days).');
			}
			recurring = { interval, interval_count: intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' };
		}
		const lookupKey = params.nullableString('lookup_key') ?? null;
		const transfer = params.boolean('transfer_lookup_key') ?? false;
		const price: Price = {
			id: newId('price_'),
			object: 'price',
			active: params.boolean('active') ?? true,
			billing_scheme: 'per_unit',
			created: state.clock.nowSeconds(),
			currency,
			custom_unit_amount: null,
			livemode: false,
			lookup_key: lookupKey,
			metadata: params.metadata()?.({}) ?? {},
			nickname: params.nullableString('nickname') ?? null,
			product: product.id,
			recurring,
			tax_behavior: 'unspecified',
			tiers_mode: null,
			transform_quantity: null,
			type: recurring ? 'recurring' : 'one_time',
			unit_amount: unitAmount,
			unit_amount_decimal: String(unitAmount),
		};
		if (lookupKey !== null) claimLookupKey(state, lookupKey, transfer);
		state.store.prices.set(price.id, price);
		state.events.emit('price.created', price);
		return price;
	}),
	route('GET', '/v1/prices', ({ state, params }) => {
		params.only('product', 'active', 'type', 'currency', 'lookup_keys', ...LIST_PARAMS);
		const product = params.string('product');
		const active = params.boolean('active');
		const type = params.enumeration('type', ['one_time', 'recurring'] as const);
		const currency = params.string('currency')?.toLowerCase();
		const lookupKeys = params.stringList('lookup_keys');
		const prices = [...state.store.prices.values()].filter(
			(price) =>
				(product === undefined || price.product === product) &&
				(active === undefined || price.active === active) &&
				(type === undefined || price.type === type) &&
				(currency === undefined || price.currency === currency) &&
				(lookupKeys === undefined || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))),
		);
		return listPage(prices, params, '/v1/prices');
	}),
	route('GET', '/v1/prices/:id', ({ state, params, path }) => {
		params.only();
		return priceOr404(state, path.id!);
	}),
	route('POST', '/v1/prices/:id', ({ state, params, path }) => {
		params.only('active', 'metadata', 'nickname', 'lookup_key', 'transfer_lookup_key');
		const price = priceOr404(state, path.id!);
		const active = params.boolean('active');
		const nickname = params.nullableString('nickname');
		const lookupKey = params.nullableString('lookup_key');
		const transfer = params.boolean('transfer_lookup_key') ?? false;
		const metadata = params.metadata()?.(price.metadata);
		if (lookupKey) claimLookupKey(state, lookupKey, transfer, price);
		state.events.update('price.updated', price, (changed) => {
			if (active !== undefined) changed.active = active;
			if (nickname !== undefined) changed.nickname = nickname;
			if (lookupKey !== undefined) changed.lookup_key = lookupKey;
			if (metadata) changed.metadata = metadata;
		});
		return price;
	}),
];
