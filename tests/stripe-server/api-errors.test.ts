/**
 * The server fails as Stripe does, so the official client raises the same error classes: keys,
 * unknown ids, bad parameters, and idempotent retries (replayed) versus reused keys (refused).
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StripeTestServer } from '../support/stripe-server/index.ts';
import { createCatalog, type Harness, startHarness } from './harness.ts';

let harness: Harness;

beforeEach(async () => {
	harness = await startHarness();
});

afterEach(async () => {
	await harness.close();
});

/** The error a rejected call raised, for assertions on its class and fields. */
async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
	const outcome = await call.then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
	if (!('error' in outcome)) throw new Error(`Expected the call to fail; it answered ${JSON.stringify(outcome.value)}`);
	expect(outcome.error).toBeInstanceOf(Stripe.errors.StripeError);
	return outcome.error as Stripe.errors.StripeError;
}

describe('authentication', () => {
	it('answers a request without a key with 401 and StripeAuthenticationError', async () => {
		const { server } = harness;
		// The official client with an authenticator that adds nothing: no Authorization header at all.
		const anonymous = new Stripe('', { authenticator: async () => {}, host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 0 });
		const error = await failure(anonymous.customers.list());
		expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
		expect(error.statusCode).toBe(401);
		expect(error.message).toMatch(/You did not provide an API key/);
		expect(server.store.customers.size).toBe(0);
	});

	it('refuses live keys, and any key but the configured one when one is set', async () => {
		const live = await failure(harness.server.stripeClient('sk_live_123456789').customers.create({ email: 'a@example.com' }));
		expect(live).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
		expect(live.message).toMatch(/^Invalid API Key provided: sk_live_/);

		const strict = await StripeTestServer.start({ webhookSecret: 'whsec_x', secretKey: 'sk_test_right' });
		try {
			const wrong = await failure(strict.stripeClient('sk_test_wrong').customers.list());
			expect(wrong).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
			expect((await strict.stripeClient().customers.list()).data).toEqual([]);
		} finally {
			await strict.close();
		}
		expect(harness.server.store.customers.size).toBe(0);
	});
});

describe('unknown ids', () => {
	it('answers 404 resource_missing for an id in the path', async () => {
		const { stripe } = harness;
		const calls: [string, Promise<unknown>][] = [
			['customer', stripe.customers.retrieve('cus_missing')],
			['product', stripe.products.retrieve('prod_missing')],
			['price', stripe.prices.retrieve('price_missing')],
			['checkout.session', stripe.checkout.sessions.retrieve('cs_test_missing')],
			['subscription', stripe.subscriptions.retrieve('sub_missing')],
			['subscription', stripe.subscriptions.update('sub_missing', { cancel_at_period_end: true })],
			['subscription', stripe.subscriptions.cancel('sub_missing')],
		];
		for (const [kind, call] of calls) {
			const error = await failure(call);
			expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
			expect({ code: error.code, status: error.statusCode, message: error.message }).toEqual({
				code: 'resource_missing',
				status: 404,
				message: expect.stringMatching(new RegExp(`^No such ${kind.replace('.', '\\.')}: '`)),
			});
		}
	});

	it('answers 400 naming the parameter for an unknown id in the body', async () => {
		const { stripe } = harness;
		const { monthly } = await createCatalog(stripe);
		const error = await failure(
			stripe.checkout.sessions.create({
				mode: 'subscription',
				ui_mode: 'embedded_page',
				customer: 'cus_missing',
				line_items: [{ price: monthly.id, quantity: 1 }],
				return_url: 'https://portal.example/return',
			}),
		);
		expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
		expect({ code: error.code, param: error.param, status: error.statusCode }).toEqual({ code: 'resource_missing', param: 'customer', status: 400 });
		expect(harness.server.store.checkoutSessions.size).toBe(0);
	});
});

describe('parameters', () => {
	it('names a missing parameter and refuses one the server does not model', async () => {
		const { stripe } = harness;
		const missing = await failure(stripe.products.create({} as Stripe.ProductCreateParams));
		expect({ code: missing.code, param: missing.param }).toEqual({ code: 'parameter_missing', param: 'name' });
		const unknown = await failure(stripe.products.create({ name: 'Pro', tax_code: 'txcd_10000000' }));
		expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
		expect({ code: unknown.code, param: unknown.param }).toEqual({ code: 'parameter_unknown', param: 'tax_code' });
		expect(harness.server.store.products.size).toBe(0);
	});

	it('refuses a checkout mode it does not model rather than pretending', async () => {
		const { stripe } = harness;
		const { monthly } = await createCatalog(stripe);
		const error = await failure(
			stripe.checkout.sessions.create({ mode: 'payment', ui_mode: 'embedded_page', line_items: [{ price: monthly.id, quantity: 1 }], return_url: 'https://x.example' }),
		);
		expect({ type: error.type, param: error.param }).toEqual({ type: 'StripeInvalidRequestError', param: 'mode' });
	});
});

describe('idempotency', () => {
	it('replays the stored answer for the same key and parameters', async () => {
		const { server, stripe } = harness;
		const first = await stripe.customers.create({ email: 'ada@example.com' }, { idempotencyKey: 'create-ada' });
		const replayed = await stripe.customers.create({ email: 'ada@example.com' }, { idempotencyKey: 'create-ada' });
		expect(replayed.id).toBe(first.id);
		expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
		expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
		expect(server.store.customers.size).toBe(1);
		await server.webhooksDelivered();
		expect(harness.receiver.types()).toEqual(['customer.created']);
	});

	it('refuses the same key with other parameters, or on another endpoint', async () => {
		const { server, stripe } = harness;
		const first = await stripe.customers.create({ email: 'ada@example.com' }, { idempotencyKey: 'key-1' });
		expect(first.id).toMatch(/^cus_/);
		const conflict = await failure(stripe.customers.create({ email: 'grace@example.com' }, { idempotencyKey: 'key-1' }));
		expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
		expect({ status: conflict.statusCode, rawType: conflict.rawType }).toEqual({ status: 400, rawType: 'idempotency_error' });
		const elsewhere = await failure(stripe.products.create({ name: 'Pro' }, { idempotencyKey: 'key-1' }));
		expect(elsewhere).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
		expect([server.store.customers.size, server.store.products.size]).toEqual([1, 0]);
	});

	it('keeps no answer for a request that failed, so a corrected retry with the key succeeds', async () => {
		const { stripe } = harness;
		const refused = await failure(stripe.prices.create({ product: 'prod_missing', unit_amount: 100, currency: 'usd' }, { idempotencyKey: 'price-1' }));
		expect(refused.code).toBe('resource_missing');
		const product = await stripe.products.create({ name: 'Pro' });
		const fixed = await stripe.prices.create({ product: product.id, unit_amount: 100, currency: 'usd' }, { idempotencyKey: 'price-1' });
		expect(fixed.product).toBe(product.id);
		expect(fixed.lastResponse.headers['idempotent-replayed']).toBeUndefined();
	});
});
