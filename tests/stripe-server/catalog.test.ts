/** Customers, products and prices through the official client: shapes, updates, lists, search, their events. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, seconds, START_MS, startHarness } from './harness.ts';

let harness: Harness;

beforeEach(async () => {
	harness = await startHarness();
});

afterEach(async () => {
	await harness.close();
});

describe('customers', () => {
	it('creates, retrieves, updates and lists them by email', async () => {
		const { stripe } = harness;
		const created = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada', metadata: { user_id: 'u1' } });
		expect(created.id).toMatch(/^cus_/);
		expect(created).toMatchObject({ object: 'customer', email: 'ada@example.com', name: 'Ada', metadata: { user_id: 'u1' }, livemode: false, created: seconds(START_MS) });

		const updated = await stripe.customers.update(created.id, { name: 'Ada Lovelace', metadata: { plan: 'pro', user_id: '' } });
		expect(updated).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', metadata: { plan: 'pro' } });
		expect(updated.metadata).not.toHaveProperty('user_id');
		const retrieved = await stripe.customers.retrieve(created.id);
		expect(retrieved).toMatchObject({ id: created.id, name: 'Ada Lovelace' });

		await stripe.customers.create({ email: 'grace@example.com' });
		const byEmail = await stripe.customers.list({ email: 'ada@example.com' });
		expect(byEmail.data.map((customer) => customer.id)).toEqual([created.id]);
		expect((await stripe.customers.list()).data).toHaveLength(2);

		await harness.server.webhooksDelivered();
		const updatedEvent = harness.receiver.events.find((event) => event.type === 'customer.updated');
		expect(updatedEvent?.data.previous_attributes).toMatchObject({ name: 'Ada', metadata: { user_id: 'u1' } });
		expect(harness.receiver.types()).toEqual(['customer.created', 'customer.updated', 'customer.created']);
	});

	it('pages a list newest first with limit and starting_after', async () => {
		const { stripe } = harness;
		const ids: string[] = [];
		for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) ids.push((await stripe.customers.create({ email })).id);
		const first = await stripe.customers.list({ limit: 2 });
		expect(first.data.map((customer) => customer.id)).toEqual([ids[2], ids[1]]);
		expect(first.has_more).toBe(true);
		const second = await stripe.customers.list({ limit: 2, starting_after: ids[1] });
		expect(second.data.map((customer) => customer.id)).toEqual([ids[0]]);
		expect(second.has_more).toBe(false);
		const all: string[] = [];
		for await (const customer of stripe.customers.list({ limit: 1 })) all.push(customer.id);
		expect(all).toEqual([...ids].reverse());
	});
});

describe('products', () => {
	it('creates, updates, lists and finds them by metadata', async () => {
		const { stripe } = harness;
		const pro = await stripe.products.create({ name: 'Pro', description: 'For teams', metadata: { plan_id: 'pro' } });
		const team = await stripe.products.create({ name: 'Team', metadata: { plan_id: 'team' } });
		const own = await stripe.products.create({ id: 'plan_enterprise', name: 'Enterprise', metadata: { plan_id: 'enterprise' } });
		expect(pro.id).toMatch(/^prod_/);
		expect(own.id).toBe('plan_enterprise');
		expect(pro).toMatchObject({ object: 'product', name: 'Pro', description: 'For teams', active: true, metadata: { plan_id: 'pro' }, livemode: false });

		const found = await stripe.products.search({ query: "metadata['plan_id']:'pro'" });
		expect(found.object).toBe('search_result');
		expect(found.data.map((product) => product.id)).toEqual([pro.id]);
		const foundActive = await stripe.products.search({ query: 'active:"true" AND metadata["plan_id"]:"team"' });
		expect(foundActive.data.map((product) => product.id)).toEqual([team.id]);

		const archived = await stripe.products.update(team.id, { active: false, name: 'Team (old)' });
		expect(archived).toMatchObject({ active: false, name: 'Team (old)' });
		expect((await stripe.products.retrieve(team.id)).active).toBe(false);
		expect((await stripe.products.search({ query: "active:'true' AND metadata['plan_id']:'team'" })).data).toEqual([]);

		expect((await stripe.products.list({ limit: 2 })).data.map((product) => product.id)).toEqual([own.id, team.id]);
		expect((await stripe.products.list({ active: true })).data.map((product) => product.id)).toEqual([own.id, pro.id]);
	});

	it('refuses a search it does not model instead of matching everything', async () => {
		const { stripe } = harness;
		await stripe.products.create({ name: 'Pro', metadata: { plan_id: 'pro' } });
		await expect(stripe.products.search({ query: "metadata['plan_id']:'pro' OR metadata['plan_id']:'team'" })).rejects.toMatchObject({
			type: 'StripeInvalidRequestError',
			param: 'query',
		});
	});
});

describe('prices', () => {
	it('creates recurring prices and lists them by product, active flag and lookup key', async () => {
		const { stripe } = harness;
		const product = await stripe.products.create({ name: 'Pro' });
		const other = await stripe.products.create({ name: 'Team' });
		const monthly = await stripe.prices.create({
			product: product.id,
			unit_amount: 1000,
			currency: 'usd',
			recurring: { interval: 'month' },
			lookup_key: 'pro_monthly',
			metadata: { period: 'monthly' },
		});
		const quarterly = await stripe.prices.create({ product: product.id, unit_amount: 2700, currency: 'usd', recurring: { interval: 'month', interval_count: 3 } });
		const teamMonthly = await stripe.prices.create({ product: other.id, unit_amount: 3000, currency: 'usd', recurring: { interval: 'month' }, lookup_key: 'team_monthly' });
		expect(monthly.id).toMatch(/^price_/);
		expect(monthly).toMatchObject({
			object: 'price',
			product: product.id,
			unit_amount: 1000,
			currency: 'usd',
			type: 'recurring',
			recurring: { interval: 'month', interval_count: 1 },
			lookup_key: 'pro_monthly',
			metadata: { period: 'monthly' },
			active: true,
		});
		expect(quarterly.recurring).toMatchObject({ interval: 'month', interval_count: 3 });

		expect((await stripe.prices.list({ product: product.id })).data.map((price) => price.id)).toEqual([quarterly.id, monthly.id]);
		const byKeys = await stripe.prices.list({ lookup_keys: ['pro_monthly', 'team_monthly'] });
		expect(byKeys.data.map((price) => price.id)).toEqual([teamMonthly.id, monthly.id]);

		const retired = await stripe.prices.update(quarterly.id, { active: false, metadata: { retired: 'yes' } });
		expect(retired).toMatchObject({ active: false, metadata: { retired: 'yes' } });
		expect((await stripe.prices.retrieve(quarterly.id)).active).toBe(false);
		expect((await stripe.prices.list({ product: product.id, active: true })).data.map((price) => price.id)).toEqual([monthly.id]);
		const expanded = await stripe.prices.list({ lookup_keys: ['pro_monthly'], expand: ['data.product'] });
		expect((expanded.data[0]?.product as { name: string }).name).toBe('Pro');
	});

	it('keeps lookup keys unique unless transferred', async () => {
		const { stripe } = harness;
		const product = await stripe.products.create({ name: 'Pro' });
		const old = await stripe.prices.create({ product: product.id, unit_amount: 1000, currency: 'usd', recurring: { interval: 'month' }, lookup_key: 'pro_monthly' });
		await expect(
			stripe.prices.create({ product: product.id, unit_amount: 1200, currency: 'usd', recurring: { interval: 'month' }, lookup_key: 'pro_monthly' }),
		).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'lookup_key' });
		const next = await stripe.prices.create({
			product: product.id,
			unit_amount: 1200,
			currency: 'usd',
			recurring: { interval: 'month' },
			lookup_key: 'pro_monthly',
			transfer_lookup_key: true,
		});
		expect((await stripe.prices.retrieve(old.id)).lookup_key).toBeNull();
		expect((await stripe.prices.list({ lookup_keys: ['pro_monthly'] })).data.map((price) => price.id)).toEqual([next.id]);
	});

	it('refuses an interval longer than a year and a product that does not exist', async () => {
		const { stripe } = harness;
		const product = await stripe.products.create({ name: 'Pro' });
		await expect(stripe.prices.create({ product: product.id, unit_amount: 1, currency: 'usd', recurring: { interval: 'month', interval_count: 13 } })).rejects.toMatchObject({
			type: 'StripeInvalidRequestError',
			param: 'recurring[interval_count]',
		});
		await expect(stripe.prices.create({ product: 'prod_missing', unit_amount: 1, currency: 'usd' })).rejects.toMatchObject({
			type: 'StripeInvalidRequestError',
			code: 'resource_missing',
			param: 'product',
			statusCode: 400,
		});
	});
});
