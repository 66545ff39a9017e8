/**
 * A local Stripe for tests: the subset of Stripe's API a subscription billing integration uses,
 * answered in Stripe's shapes over HTTP on 127.0.0.1, with webhooks signed as Stripe signs them.
 * Point the official library at it with `stripeClient()` (or the same host/port/protocol
 * options); drive what happens outside the API (a customer paying, time passing, a card failing)
 * with the test controls. docs: tests/support/stripe-server/README.md.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Billing } from './billing.ts';
import { Checkouts, type CompleteCheckoutOptions } from './checkout.ts';
import { ServerClock } from './clock.ts';
import { EventLog, snapshot } from './events.ts';
import { answerApi } from './http-api.ts';
import { IdempotencyCache } from './idempotency.ts';
import { RequestHolds, type RequestHold } from './request-holds.ts';
import type { CheckoutSession, StripeEvent, Subscription } from './objects.ts';
import { answerPage } from './pages.ts';
import { apiRoutes } from './routes/index.ts';
import type { ServerState } from './state.ts';
import { Store } from './store.ts';
import { advanceTime } from './timeline.ts';
import { WebhookSender, type DeliveryRecord, type RawDelivery } from './webhooks.ts';

export interface StripeTestServerOptions {
	/** Where events are POSTed; without it they are only logged (see `setWebhookUrl`). */
	webhookUrl?: string;
	/** The endpoint's signing secret (`whsec_…`), as the receiver will check it. */
	webhookSecret: string;
	/** Milliseconds since the epoch; `advanceTime` adds to it. Defaults to `Date.now`. */
	clock?: () => number;
	/** When set, the only API key accepted (others get 401); otherwise any `sk_test_…` key is. */
	secretKey?: string;
}

const MAX_BODY_BYTES = 1024 * 1024;

export class StripeTestServer {
	readonly port: number;
	/** `http://127.0.0.1:<port>` */
	readonly url: string;
	/** Every object, by kind, for assertions: read, do not write. */
	readonly store: Store;
	private readonly http: http.Server;
	private readonly state: ServerState;
	private readonly webhooks: WebhookSender;
	private readonly secretKey: string | undefined;
	private readonly holds = new RequestHolds();

	private constructor(server: http.Server, options: StripeTestServerOptions) {
		this.http = server;
		this.port = (server.address() as AddressInfo).port;
		this.url = `http://127.0.0.1:${this.port}`;
		this.store = new Store();
		this.secretKey = options.secretKey;
		this.webhooks = new WebhookSender({ url: options.webhookUrl, secret: options.webhookSecret });
		const clock = new ServerClock(options.clock);
		const events = new EventLog(this.store, clock, (event) => this.webhooks.enqueue(event));
		const state: ServerState = {
			store: this.store,
			clock,
			events,
			billing: new Billing(() => state),
			checkouts: new Checkouts(() => state),
			baseUrl: this.url,
		};
		this.state = state;
		const idempotency = new IdempotencyCache();
		server.on('request', (request: IncomingMessage, response: ServerResponse) => {
			readBody(request)
				.then(async (body) => {
					await this.holds.passage(request.method ?? 'GET', new URL(request.url ?? '/', this.url).pathname);
					const { pathname } = new URL(request.url ?? '/', this.url);
					if (pathname.startsWith('/v1/')) answerApi({ state, routes: apiRoutes, idempotency, secretKey: this.secretKey }, request, body, response);
					else if (!answerPage(this.store, pathname, response)) {
						answerApi({ state, routes: [], idempotency, secretKey: undefined }, request, body, response);
					}
				})
				.catch((error: unknown) => {
					response.writeHead(413, { 'Content-Type': 'application/json' });
					response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: String(error) } }));
				});
		});
	}

	static async start(options: StripeTestServerOptions): Promise<StripeTestServer> {
		const server = http.createServer();
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => {
				server.off('error', reject);
				resolve();
			});
		});
		return new StripeTestServer(server, options);
	}

	/** The official library, pointed here; no retries, so every request is one the test made. */
	stripeClient(secretKey: string = this.secretKey ?? 'sk_test_local_stripe_server'): Stripe {
		return new Stripe(secretKey, { host: '127.0.0.1', port: this.port, protocol: 'http', maxNetworkRetries: 0 });
	}

	/** Waits for deliveries under way, then stops listening and drops idle keep-alive connections. */
	async close(): Promise<void> {
		await this.webhooks.idle();
		await new Promise<void>((resolve, reject) => {
			this.http.close((error) => (error ? reject(error) : resolve()));
			this.http.closeAllConnections();
		});
	}

	/** The server's clock, in Stripe's seconds. */
	now(): number {
		return this.state.clock.nowSeconds();
	}

	// Test controls. Each resolves once the webhooks it caused are delivered (or queued while paused).

	/**
	 * The customer pays the checkout: the session completes with a new subscription (active, its
	 * metadata from `subscription_data[metadata]`) and a paid invoice; then `checkout.session.completed`,
	 * `customer.subscription.created`, `invoice.paid` (after `customer.created` when the session had
	 * no customer). `fails_at_renewal` pays now and fails every renewal.
	 */
	async completeCheckout(sessionId: string, options: CompleteCheckoutOptions = {}): Promise<CheckoutSession> {
		const session = this.store.checkoutSessions.get(sessionId);
		if (!session) throw new Error(`No checkout session ${sessionId}`);
		this.state.checkouts.complete(session, options);
		await this.webhooks.idle();
		return snapshot(session);
	}

	/**
	 * Moves the clock by `ms`. Periods that ended renew (a paid invoice, `invoice.paid` +
	 * `customer.subscription.updated`; with a failing card an open invoice, `past_due`,
	 * `invoice.payment_failed` + `customer.subscription.updated`); subscriptions set to cancel at
	 * period end are canceled (`customer.subscription.deleted`); open checkouts past their expiry
	 * expire (`checkout.session.expired`).
	 */
	async advanceTime(ms: number): Promise<void> {
		advanceTime(this.state, ms);
		await this.webhooks.idle();
	}

	/**
	 * The customer replaces a failing card with one that works: open invoices of the subscription
	 * are paid (`invoice.paid`), a past_due subscription is active again, later renewals succeed.
	 */
	async recoverPayment(subscriptionId: string): Promise<Subscription> {
		const subscription = this.store.subscriptions.get(subscriptionId);
		if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
		const customer = this.store.customers.get(subscription.customer)!;
		const card = this.state.checkouts.newCard(customer, 'succeeds');
		this.state.billing.recoverPayment(subscription, card.id);
		await this.webhooks.idle();
		return snapshot(subscription);
	}

	/**
	 * Holds API requests that `match` (method, path) unanswered until the hold is released: the
	 * caller is caught in the middle of its work, e.g. a webhook receiver re-reading a subscription.
	 */
	holdRequests(match: (method: string, path: string) => boolean): RequestHold {
		return this.holds.hold(match);
	}

	/** Every event, in the order it happened (delivered or not). */
	events(): StripeEvent[] {
		return this.state.events.all();
	}

	/** Every delivery attempt, in order, with the endpoint's answer. */
	deliveries(): DeliveryRecord[] {
		return this.webhooks.deliveries();
	}

	/** Sends `event` now, outside the ordered queue and even while paused: duplicates, reordering. */
	deliver(event: StripeEvent): Promise<DeliveryRecord> {
		return this.webhooks.deliver(event);
	}

	/** Sends a past event again, as Stripe retries one (same id, same content, a fresh signature). */
	redeliver(eventId: string): Promise<DeliveryRecord> {
		const event = this.store.events.get(eventId);
		if (!event) throw new Error(`No event ${eventId}`);
		return this.webhooks.deliver(event);
	}

	/** Holds events back (they queue, in order) until `resumeWebhooks`. */
	pauseWebhooks(): void {
		this.webhooks.pause();
	}

	/** Sends what was held back, in order, and resolves once it is delivered. */
	async resumeWebhooks(): Promise<void> {
		this.webhooks.resume();
		await this.webhooks.idle();
	}

	/** Events queued and not yet sent (while paused). */
	pendingWebhooks(): StripeEvent[] {
		return this.webhooks.pending();
	}

	/**
	 * Resolves once events caused by API requests are delivered: the API answers before its
	 * webhooks are sent, as Stripe's does.
	 */
	webhooksDelivered(): Promise<void> {
		return this.webhooks.idle();
	}

	setWebhookUrl(url: string | undefined): void {
		this.webhooks.setUrl(url);
	}

	/**
	 * A `Stripe-Signature` header for a payload, by default the one this server would send: pass
	 * another secret or an old timestamp to build a bad one.
	 */
	signatureHeader(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
		return this.webhooks.signatureHeader(payload, options);
	}

	/** POSTs any body with any (or no) signature header to the webhook endpoint, for negative tests. */
	sendRawWebhook(raw: RawDelivery): Promise<{ status: number; body: string }> {
		return this.webhooks.sendRaw(raw);
	}
}

function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		request.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(new Error('Request body too large'));
				request.destroy();
			} else chunks.push(chunk);
		});
		request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		request.on('error', reject);
	});
}
