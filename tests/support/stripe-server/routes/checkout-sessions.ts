/**
 * `/v1/checkout/sessions`: subscription checkouts in embedded mode (`ui_mode=embedded_page`, as
 * this API version names it, or the older `embedded`), retrieve with `expand[]=line_items` or
 * `subscription`, the line items, and expiring a session. Paying is the test control
 * `completeCheckout`: the embedded form runs in Stripe.js, which a test cannot reach.
 */
import { customerDetails, type OrderedItem } from '../checkout.ts';
import { invalidParam, invalidRequest, missingParam, resourceMissing } from '../errors.ts';
import { randomToken } from '../ids.ts';
import type { CheckoutSession } from '../objects.ts';
import { route, type Route } from '../router.ts';
import type { ServerState } from '../state.ts';
import { customerOr404 } from './customers.ts';
import { priceOr404 } from './prices.ts';

const EMBEDDED = ['embedded_page', 'embedded'];
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

function sessionOr404(state: ServerState, id: string): CheckoutSession {
	const session = state.store.checkoutSessions.get(id);
	if (!session) throw resourceMissing('checkout.session', id);
	return session;
}

export const checkoutSessionRoutes: Route[] = [
	route('POST', '/v1/checkout/sessions', ({ state, params, expand }) => {
		params.only('mode', 'ui_mode', 'return_url', 'customer', 'customer_email', 'client_reference_id', 'line_items', 'subscription_data', 'metadata');
		const mode = params.requiredString('mode');
		if (mode !== 'subscription') throw invalidParam('mode', `mode=${mode} is not modeled by the local Stripe test server; only subscription is.`);
		const uiMode = params.string('ui_mode') ?? 'hosted_page';
		if (!EMBEDDED.includes(uiMode)) throw invalidParam('ui_mode', `ui_mode=${uiMode} is not modeled by the local Stripe test server; only embedded_page (embedded) is.`);
		const returnUrl = params.string('return_url');
		if (!returnUrl) throw invalidRequest('You must provide `return_url` when `ui_mode` is `embedded_page`.', { param: 'return_url', code: 'parameter_missing' });
		const customerId = params.string('customer');
		const customerEmail = params.string('customer_email');
		if (customerId !== undefined && customerEmail !== undefined) {
			throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', { param: 'customer', code: 'parameters_exclusive' });
		}
		const customer = customerId === undefined ? null : customerOr404(state, customerId, 'customer');
		const lineItems = params.nestedList('line_items');
		if (!lineItems || lineItems.length === 0) throw missingParam('line_items');
		if (lineItems.length > 1) throw invalidParam('line_items', 'The local Stripe test server models one line item (one subscription item) per checkout.');
		const items: OrderedItem[] = lineItems.map((line) => {
			line.only('price', 'quantity');
			const price = priceOr404(state, line.requiredString('price'), line.name('price'));
			if (!price.active) throw invalidParam(line.name('price'), `The price specified is inactive. This field only accepts active prices.`);
			if (!price.recurring) throw invalidParam(line.name('price'), 'You must provide at least one recurring price in `subscription` mode when using prices.');
			const quantity = line.integer('quantity');
			if (quantity === undefined) throw missingParam(line.name('quantity'));
			if (quantity < 1) throw invalidParam(line.name('quantity'), 'This value must be greater than or equal to 1.');
			return { price, quantity };
		});
		const subscriptionData = params.nested('subscription_data')?.only('metadata');
		const subscriptionMetadata = subscriptionData?.metadata()?.({}) ?? {};
		const now = state.clock.nowSeconds();
		const id = `cs_test_${randomToken(58)}`;
		const total = items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
		const email = customer?.email ?? customerEmail ?? null;
		const session: CheckoutSession = {
			id,
			object: 'checkout.session',
			amount_subtotal: total,
			amount_total: total,
			cancel_url: null,
			client_reference_id: params.string('client_reference_id') ?? null,
			client_secret: `${id}_secret_${randomToken(24)}`,
			created: now,
			currency: items[0]!.price.currency,
			customer: customer?.id ?? null,
			customer_creation: customer ? null : 'always',
			customer_details: email === null ? null : customerDetails(email, customer?.name ?? null),
			customer_email: customerEmail ?? null,
			expires_at: now + SESSION_LIFETIME_SECONDS,
			invoice: null,
			livemode: false,
			metadata: params.metadata()?.({}) ?? {},
			mode: 'subscription',
			payment_method_types: ['card'],
			payment_status: 'unpaid',
			return_url: returnUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
			status: 'open',
			subscription: null,
			success_url: null,
			ui_mode: uiMode,
			url: null,
		};
		state.store.checkoutSessions.set(id, session);
		state.checkouts.record(session, items, subscriptionMetadata);
		return withLineItems(state, session, expand);
	}),
	route('GET', '/v1/checkout/sessions/:id', ({ state, params, path, expand }) => {
		params.only();
		return withLineItems(state, sessionOr404(state, path.id!), expand);
	}),
	route('GET', '/v1/checkout/sessions/:id/line_items', ({ state, params, path }) => {
		params.only('limit', 'starting_after', 'ending_before');
		return state.checkouts.lineItems(sessionOr404(state, path.id!));
	}),
	route('POST', '/v1/checkout/sessions/:id/expire', ({ state, params, path }) => {
		params.only();
		const session = sessionOr404(state, path.id!);
		if (session.status !== 'open')
			throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
		state.checkouts.expire(session);
		return session;
	}),
];

/** `line_items` is not an id to look up but a list Stripe includes only when asked for. */
function withLineItems(state: ServerState, session: CheckoutSession, expand: string[]): object {
	if (!expand.some((path) => path === 'line_items' || path.startsWith('line_items.'))) return session;
	return { ...session, line_items: state.checkouts.lineItems(session) };
}
