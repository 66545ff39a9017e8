/**
 * Webhook throughput: how many Stripe events per second `/stripe/webhook` takes with everything it
 * does per event (signature check on the raw body, the event id stored first, the subscription
 * re-read from the provider, the mirror written), and how fast it turns away duplicates. The
 * provider is the tests' local Stripe-compatible server; `GET /server/ping` on the same control
 * plane, at the same concurrency, is the floor Directus's own middleware sets. Events come as a
 * burst about one subscription (re-reads of one subscription are shared) and spread over
 * BENCH_SUBSCRIPTIONS (each its own re-read). Prints one JSON object.
 * Run: `npm run bench:webhooks` (BENCH_DB=pg for PostgreSQL; BENCH_EVENTS, BENCH_CONCURRENCY,
 * BENCH_SUBSCRIPTIONS).
 */
import type Stripe from 'stripe';
import { StripeTestServer } from '../tests/support/stripe-server/index.ts';
import { bootTestControlPlane } from '../tests/support/test-control-plane.ts';
import { round, summary } from './lib/statistics.ts';
import { elapsed, now } from './lib/time.ts';

const db = process.env['BENCH_DB'] === 'pg' ? 'pg' : 'sqlite3';
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 2000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 10);
const SUBSCRIPTIONS = Number(process.env['BENCH_SUBSCRIPTIONS'] ?? 50);
const SECRET_KEY = 'sk_test_bench';
const WEBHOOK_SECRET = 'whsec_bench';

interface Run {
	perSecond: number;
	latencyMs: ReturnType<typeof summary>;
	failures: number;
	outcomes: Record<string, number>;
}

/** Sends `count` requests with `concurrency` in flight and reports their rate and latency. */
async function drive(count: number, send: (index: number) => Promise<{ ok: boolean; outcome?: string }>): Promise<Run> {
	const latencies: number[] = [];
	const outcomes: Record<string, number> = {};
	let next = 0;
	let failures = 0;
	const started = now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < count) {
				const index = next++;
				const sent = now();
				const result = await send(index);
				latencies.push(elapsed(sent));
				if (!result.ok) failures++;
				if (result.outcome) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
			}
		}),
	);
	return { perSecond: round(count / (elapsed(started) / 1000)), latencyMs: summary(latencies), failures, outcomes };
}

const stripeServer = await StripeTestServer.start({ webhookSecret: WEBHOOK_SECRET, secretKey: SECRET_KEY });
const controlPlane = await bootTestControlPlane(db, {
	label: 'bench-webhooks',
	env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_bench', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripeServer.url, LOG_LEVEL: 'error' },
});

try {
	// Real subscriptions for the events to be about: the pipeline re-reads one for every event.
	const stripe = stripeServer.stripeClient(SECRET_KEY);
	const product = await stripe.products.create({ name: 'Bench', metadata: { plan_id: 'pro' } });
	const price = await stripe.prices.create({ product: product.id, unit_amount: 3900, currency: 'usd', recurring: { interval: 'month' } });
	const subscriptions: Stripe.Subscription[] = [];
	for (let index = 0; index < SUBSCRIPTIONS; index++) {
		const customer = await stripe.customers.create({ email: `bench-${index}@example.com` });
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			ui_mode: 'embedded_page',
			customer: customer.id,
			line_items: [{ price: price.id, quantity: 1 }],
			return_url: `${controlPlane.url}/subscription/return?session_id={CHECKOUT_SESSION_ID}`,
			subscription_data: { metadata: { plan_id: 'pro', period: 'monthly' } },
		});
		const paid = await stripeServer.completeCheckout(session.id);
		subscriptions.push(await stripe.subscriptions.retrieve(String(paid.subscription)));
	}

	/** Events about one subscription (a burst, as Stripe sends around a payment) or spread over all. */
	const eventBody = (index: number, spread: boolean) =>
		JSON.stringify({
			id: `evt_bench_${spread ? 'spread' : 'burst'}_${index}`,
			object: 'event',
			type: 'customer.subscription.updated',
			created: Math.floor(Date.now() / 1000),
			livemode: false,
			data: { object: subscriptions[spread ? index % subscriptions.length : 0] },
		});
	const deliver = (spread: boolean) => async (index: number) => {
		const body = eventBody(index, spread);
		const response = await fetch(`${controlPlane.url}/stripe/webhook`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'stripe-signature': stripeServer.signatureHeader(body) },
			body,
		});
		const answer = (await response.json().catch(() => ({}))) as { data?: { outcome?: string } };
		return { ok: response.ok, outcome: answer.data?.outcome };
	};

	const fresh = await drive(EVENTS, deliver(false));
	const spread = await drive(EVENTS, deliver(true));
	const duplicates = await drive(EVENTS, deliver(false));
	const ping = await drive(EVENTS, async () => ({ ok: (await fetch(`${controlPlane.url}/server/ping`)).ok }));

	console.log(
		JSON.stringify(
			{
				database: db,
				events: EVENTS,
				concurrency: CONCURRENCY,
				subscriptions: SUBSCRIPTIONS,
				webhook_new_events_one_subscription: fresh,
				webhook_new_events_spread: spread,
				webhook_duplicates: duplicates,
				baseline_server_ping: ping,
				spread_events_vs_ping: round(spread.perSecond / ping.perSecond),
			},
			null,
			2,
		),
	);
} finally {
	await controlPlane.stop();
	await stripeServer.close();
}
