/**
 * The test control that holds API requests: a caller is caught mid-request, answered once the
 * test lets go; other requests pass meanwhile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let harness: Harness;

beforeEach(async () => {
	harness = await startHarness();
});

afterEach(async () => {
	await harness.close();
});

describe('holdRequests', () => {
	it('holds matching requests until released, and lets the others through', async () => {
		const { server, stripe } = harness;
		const customer = await stripe.customers.create({ email: 'ada@example.com' });
		const hold = server.holdRequests((method, path) => method === 'GET' && path === `/v1/customers/${customer.id}`);
		let answered = false;
		const held = stripe.customers.retrieve(customer.id).then((answer) => {
			answered = true;
			return answer;
		});
		await hold.caught;
		// Another request is answered while that one waits.
		expect((await stripe.customers.create({ email: 'grace@example.com' })).id).toMatch(/^cus_/);
		expect(answered).toBe(false);
		hold.release();
		expect((await held).id).toBe(customer.id);
		// Released: the same request passes at once.
		expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
	});
});
