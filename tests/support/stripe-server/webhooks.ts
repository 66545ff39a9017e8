/**
 * Webhook delivery: events are POSTed to the endpoint one at a time, in the order they happened,
 * each signed with the official library's own signing helper so a receiver's `constructEvent`
 * checks them exactly as it would Stripe's. Every attempt is recorded with the endpoint's answer;
 * a failed one is not retried on its own (tests call `redeliver` to model Stripe's retries).
 */
import Stripe from 'stripe';
import type { StripeEvent } from './objects.ts';

export interface DeliveryRecord {
	eventId: string;
	type: string;
	/** The endpoint's HTTP status; null when it could not be reached or did not answer in time. */
	status: number | null;
	ok: boolean;
	/** Why a delivery failed without a status (connection refused, timeout). */
	error: string | null;
	/** The first kilobyte of the endpoint's answer, to read in a failing test. */
	responseBody: string;
	/** Real (wall-clock) milliseconds, when the attempt ended. */
	at: number;
}

export interface RawDelivery {
	/** The exact bytes to send. */
	body: string;
	/** The `Stripe-Signature` header; left out when null. */
	signature: string | null;
	headers?: Record<string, string>;
}

const DELIVERY_TIMEOUT_MS = 10_000;

export class WebhookSender {
	private url: string | undefined;
	private readonly secret: string;
	private readonly queue: StripeEvent[] = [];
	private readonly records: DeliveryRecord[] = [];
	private readonly inFlight = new Set<Promise<unknown>>();
	private pumping: Promise<void> | null = null;
	private paused = false;

	constructor(options: { url?: string; secret: string }) {
		this.url = options.url;
		this.secret = options.secret;
	}

	setUrl(url: string | undefined): void {
		this.url = url;
		this.startPump();
	}

	/** Queues an event for delivery in order; without an endpoint, events are only logged. */
	enqueue(event: StripeEvent): void {
		if (this.url === undefined) return;
		this.queue.push(event);
		this.startPump();
	}

	pause(): void {
		this.paused = true;
	}

	resume(): void {
		this.paused = false;
		this.startPump();
	}

	/** Events held back while paused (or still waiting their turn), oldest first. */
	pending(): StripeEvent[] {
		return [...this.queue];
	}

	/** Resolves once nothing is being delivered and nothing deliverable waits (paused events wait). */
	async idle(): Promise<void> {
		while (this.pumping || this.inFlight.size > 0) {
			await Promise.allSettled([this.pumping, ...this.inFlight]);
		}
	}

	deliveries(): DeliveryRecord[] {
		return [...this.records];
	}

	/** A `Stripe-Signature` header for `payload`, by default as this server signs. */
	signatureHeader(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
		return Stripe.webhooks.generateTestHeaderString({
			payload,
			secret: options.secret ?? this.secret,
			// Real seconds, not the server's advanced clock: receivers check the signature's age
			// against their own wall clock, and Stripe signs test-clock events with real time too.
			timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
		});
	}

	/** Delivers `event` now, outside the queue and whether paused or not: duplicates, reordering. */
	deliver(event: StripeEvent): Promise<DeliveryRecord> {
		return this.track(this.post(event));
	}

	/** Sends any body with any signature header, for a receiver's negative tests. */
	async sendRaw(raw: RawDelivery): Promise<{ status: number; body: string }> {
		const url = this.endpoint();
		const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', ...raw.headers };
		if (raw.signature !== null) headers['Stripe-Signature'] = raw.signature;
		const response = await this.track(fetch(url, { method: 'POST', headers, body: raw.body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) }));
		return { status: response.status, body: await response.text() };
	}

	private endpoint(): string {
		if (this.url === undefined) throw new Error('The Stripe test server has no webhookUrl to deliver to');
		return this.url;
	}

	private track<T>(promise: Promise<T>): Promise<T> {
		this.inFlight.add(promise);
		const forget = () => this.inFlight.delete(promise);
		promise.then(forget, forget);
		return promise;
	}

	private startPump(): void {
		if (this.pumping || this.paused || this.queue.length === 0 || this.url === undefined) return;
		this.pumping = (async () => {
			// Let the API answer that caused the event leave first, as Stripe's webhooks follow it.
			await new Promise((resolve) => setImmediate(resolve));
			while (!this.paused && this.queue.length > 0) await this.post(this.queue.shift()!);
		})().finally(() => {
			this.pumping = null;
			this.startPump();
		});
	}

	private async post(event: StripeEvent): Promise<DeliveryRecord> {
		// Stripe sends events pretty-printed; the signature covers these exact bytes.
		const payload = JSON.stringify(event, null, 2);
		const record: DeliveryRecord = { eventId: event.id, type: event.type, status: null, ok: false, error: null, responseBody: '', at: 0 };
		try {
			const response = await fetch(this.endpoint(), {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json; charset=utf-8',
					'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
					'Stripe-Signature': this.signatureHeader(payload),
				},
				body: payload,
				signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
			});
			record.status = response.status;
			record.ok = response.status >= 200 && response.status < 300;
			record.responseBody = (await response.text()).slice(0, 1024);
		} catch (error) {
			record.error = error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
		}
		record.at = Date.now();
		this.records.push(record);
		return record;
	}
}
