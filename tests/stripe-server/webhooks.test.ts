/**
 * Webhook delivery as a receiver sees it: signed so `constructEvent` accepts it, one at a time
 * in order, recorded with the endpoint's answer; held back and flushed; sent again; and raw
 * bodies with bad signatures, which the receiver must refuse.
 */
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StripeTestServer } from '../support/stripe-server/index.ts';
import { createCatalog, type Harness, startHarness, subscribe, WEBHOOK_SECRET } from './harness.ts';

let harness: Harness;

beforeEach(async () => {
	harness = await startHarness();
});

afterEach(async () => {
	await harness.close();
});

describe('webhooks', () => {
	it('sends Stripe event objects, one per change, in the order they happened', async () => {
		const { server, stripe, receiver } = harness;
		receiver.answerDelayMs = 20;
		await createCatalog(stripe);
		await server.webhooksDelivered();
		const sent = server.events();
		expect(sent.map((event) => event.type)).toEqual(['product.created', 'product.created', 'price.created', 'price.created', 'price.created']);
		expect(receiver.events.map((event) => event.id)).toEqual(sent.map((event) => event.id));
		const [first] = receiver.events;
		expect(first).toMatchObject({ object: 'event', livemode: false, api_version: '2026-10-28.endive', type: 'product.created' });
		expect(first?.id).toMatch(/^evt_/);
		expect(first?.request?.id).toMatch(/^req_/);
		expect(first?.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
		expect(first?.data.object).toMatchObject({ object: 'product', name: 'Pro' });
		expect(server.deliveries().map((delivery) => [delivery.eventId, delivery.status])).toEqual(sent.map((event) => [event.id, 200]));
		// The endpoint answered slowly, yet never had two deliveries in progress at once.
		expect(receiver.maxConcurrent).toBe(1);
	});

	it('records a failing endpoint, and redelivers the same event on demand', async () => {
		const { server, stripe, receiver } = harness;
		receiver.answerStatus = 500;
		const customer = await stripe.customers.create({ email: 'ada@example.com' });
		await server.webhooksDelivered();
		const [event] = server.events();
		expect(event?.type).toBe('customer.created');
		expect(server.deliveries()).toMatchObject([{ eventId: event!.id, status: 500, ok: false }]);

		receiver.answerStatus = 200;
		const again = await server.redeliver(event!.id);
		expect(again).toMatchObject({ eventId: event!.id, status: 200, ok: true });
		expect(receiver.events.map((received) => received.id)).toEqual([event!.id, event!.id]);
		expect((receiver.events[1]?.data.object as { id: string }).id).toBe(customer.id);
	});

	it('records an endpoint it cannot reach without failing the API', async () => {
		const nobody = await freeLoopbackPort();
		const unreachable = await StripeTestServer.start({ webhookUrl: `http://127.0.0.1:${nobody}/webhook`, webhookSecret: WEBHOOK_SECRET });
		try {
			const customer = await unreachable.stripeClient().customers.create({ email: 'ada@example.com' });
			expect(customer.id).toMatch(/^cus_/);
			await unreachable.webhooksDelivered();
			const [delivery] = unreachable.deliveries();
			expect(delivery).toMatchObject({ type: 'customer.created', status: null, ok: false });
			expect(delivery?.error).toBeTruthy();
		} finally {
			await unreachable.close();
		}
	});

	it('holds events while paused and sends them in order on resume', async () => {
		const { server, stripe, receiver } = harness;
		const { monthly } = await createCatalog(stripe);
		await server.webhooksDelivered();
		const delivered = receiver.events.length;
		server.pauseWebhooks();

		const { subscription } = await subscribe(harness, monthly);
		await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
		const held = server.pendingWebhooks().map((event) => event.type);
		expect(held).toEqual(['customer.created', 'checkout.session.completed', 'customer.subscription.created', 'invoice.paid', 'customer.subscription.updated']);
		expect(receiver.events).toHaveLength(delivered);

		await server.resumeWebhooks();
		expect(receiver.types().slice(delivered)).toEqual(held);
		expect(server.pendingWebhooks()).toEqual([]);
	});

	it('delivers a chosen event out of turn while the rest wait (out-of-order arrival)', async () => {
		const { server, stripe, receiver } = harness;
		const { monthly } = await createCatalog(stripe);
		await server.webhooksDelivered();
		server.pauseWebhooks();
		const { subscription } = await subscribe(harness, monthly);
		const created = server.pendingWebhooks().find((event) => event.type === 'customer.subscription.created')!;
		expect((created.data.object as { id: string }).id).toBe(subscription.id);

		const early = await server.deliver(created);
		expect(early.status).toBe(200);
		expect(receiver.events.at(-1)?.id).toBe(created.id);
		await server.resumeWebhooks();
		expect(receiver.events.filter((event) => event.id === created.id)).toHaveLength(2);
	});

	it('lets a test send raw bodies with bad signatures, which constructEvent refuses', async () => {
		const { server, receiver } = harness;
		const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid', data: { object: {} } });
		const cases = [
			{ signature: server.signatureHeader(body, { secret: 'whsec_wrong' }), reason: /No signatures found matching/ },
			{ signature: server.signatureHeader(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }), reason: /Timestamp outside the tolerance zone/ },
			{ signature: 't=1,v1=deadbeef', reason: /Timestamp outside the tolerance zone|No signatures found/ },
			{ signature: null, reason: /No stripe-signature header value was provided/ },
		];
		for (const { signature } of cases) expect((await server.sendRawWebhook({ body, signature })).status).toBe(400);
		expect(receiver.events).toEqual([]);
		expect(receiver.rejections).toHaveLength(cases.length);
		cases.forEach(({ reason }, index) => expect(receiver.rejections[index]?.reason).toMatch(reason));

		const good = await server.sendRawWebhook({ body, signature: server.signatureHeader(body) });
		expect(good.status).toBe(200);
		expect(receiver.events.map((event) => event.id)).toEqual(['evt_forged']);
	});
});
