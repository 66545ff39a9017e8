/**
 * `/v1/subscriptions`: retrieve, list (by customer, price, status; `status=all` includes canceled
 * ones, the default leaves them out), update (plan change with proration, cancel at period end,
 * metadata) and cancel now. Subscriptions start only through a paid checkout.
 */
import { itemOf, type ItemChange, type PaymentBehavior, type ProrationBehavior } from '../billing.ts';
import { invalidParam, invalidRequest, resourceMissing } from '../errors.ts';
import { LIST_PARAMS, listPage } from '../list.ts';
import type { Subscription } from '../objects.ts';
import type { Params } from '../params.ts';
import { route, type Route } from '../router.ts';
import type { ServerState } from '../state.ts';
import { priceOr404 } from './prices.ts';

const STATUSES = ['all', 'active', 'past_due', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'trialing', 'unpaid', 'paused'] as const;
const PRORATIONS: readonly ProrationBehavior[] = ['create_prorations', 'always_invoice', 'none'];
const PAYMENT_BEHAVIORS: readonly PaymentBehavior[] = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'];
/** What a pending update may carry, as Stripe lists it (the rest of this server's parameters are refused with it). */
const PENDING_UPDATE_PARAMS = new Set(['items', 'proration_behavior', 'payment_behavior', 'expand']);

function subscriptionOr404(state: ServerState, id: string): Subscription {
	const subscription = state.store.subscriptions.get(id);
	if (!subscription) throw resourceMissing('subscription', id);
	return subscription;
}

function canceledRefusal(): Error {
	return invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
}

/** `items[0][id]` + `items[0][price]` (and/or `[quantity]`): the one item moves. */
function itemChange(state: ServerState, subscription: Subscription, params: Params): ItemChange | undefined {
	const items = params.nestedList('items');
	if (!items || items.length === 0) return undefined;
	if (items.length > 1) throw invalidParam('items', 'The local Stripe test server models one item per subscription.');
	const entry = items[0]!.only('id', 'price', 'quantity');
	const item = itemOf(subscription);
	const id = entry.string('id');
	if (id === undefined) throw invalidParam(entry.name('id'), 'The local Stripe test server models one item per subscription: name it with items[0][id] to change it.');
	if (id !== item.id) throw resourceMissing('subscription item', id, entry.name('id'));
	const priceId = entry.string('price');
	const price = priceId === undefined ? item.price : priceOr404(state, priceId, entry.name('price'));
	if (!price.active) throw invalidParam(entry.name('price'), 'The price specified is inactive. This field only accepts active prices.');
	if (!price.recurring) throw invalidParam(entry.name('price'), 'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.');
	if (price.currency !== subscription.currency)
		throw invalidParam(entry.name('price'), `The price's currency (${price.currency}) does not match the subscription's (${subscription.currency}).`);
	const quantity = entry.integer('quantity') ?? item.quantity;
	if (quantity < 1) throw invalidParam(entry.name('quantity'), 'This value must be greater than or equal to 1.');
	return { price, quantity, proration: params.enumeration('proration_behavior', PRORATIONS) ?? 'create_prorations' };
}

export const subscriptionRoutes: Route[] = [
	route('GET', '/v1/subscriptions', ({ state, params }) => {
		params.only('customer', 'price', 'status', ...LIST_PARAMS);
		const customer = params.string('customer');
		const price = params.string('price');
		const status = params.enumeration('status', STATUSES);
		const subscriptions = [...state.store.subscriptions.values()].filter(
			(subscription) =>
				(customer === undefined || subscription.customer === customer) &&
				(price === undefined || itemOf(subscription).price.id === price) &&
				(status === 'all' ||
					(status === undefined && subscription.status !== 'canceled') ||
					(status === 'ended' && subscription.status === 'canceled') ||
					subscription.status === status),
		);
		return listPage(subscriptions, params, '/v1/subscriptions');
	}),
	route('GET', '/v1/subscriptions/:id', ({ state, params, path }) => {
		params.only();
		return subscriptionOr404(state, path.id!);
	}),
	route('POST', '/v1/subscriptions/:id', ({ state, params, path }) => {
		params.only('cancel_at_period_end', 'items', 'proration_behavior', 'payment_behavior', 'metadata');
		const subscription = subscriptionOr404(state, path.id!);
		const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
		const paymentBehavior = params.enumeration('payment_behavior', PAYMENT_BEHAVIORS);
		params.enumeration('proration_behavior', PRORATIONS);
		if (paymentBehavior === 'pending_if_incomplete') {
			const other = Object.keys(params.tree).find((key) => !PENDING_UPDATE_PARAMS.has(key));
			if (other)
				throw invalidParam(
					other,
					`When \`payment_behavior\` is \`pending_if_incomplete\`, you can only pass the parameters supported by pending updates: ${[...PENDING_UPDATE_PARAMS].join(', ')}.`,
				);
		}
		const metadata = params.metadata()?.(subscription.metadata);
		if (subscription.status === 'canceled' && Object.keys(params.tree).some((key) => key !== 'metadata' && key !== 'expand')) throw canceledRefusal();
		const item = itemChange(state, subscription, params);
		state.billing.update(subscription, { item, cancelAtPeriodEnd, metadata, ...(paymentBehavior ? { paymentBehavior } : {}) });
		return subscription;
	}),
	route('DELETE', '/v1/subscriptions/:id', ({ state, params, path }) => {
		params.only();
		const subscription = subscriptionOr404(state, path.id!);
		if (subscription.status === 'canceled') throw canceledRefusal();
		state.billing.cancelNow(subscription);
		return subscription;
	}),
];
