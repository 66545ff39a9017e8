/**
 * Every provider event, from Stripe's webhook or the sandbox, goes through here:
 *   1. its id is stored in `billing_events` first, so a duplicate finds the row and does nothing:
 *      one of an event processed already is answered `duplicate` (200); one of an event another
 *      delivery is processing now (the same event ten times at once, or a redelivery while a
 *      replica works on it) gets 409, so the provider delivers it again later, when it is either
 *      processed or, if the replica processing it died, abandoned and taken up;
 *   2. the subscription it concerns is re-read from the provider, never taken from the event, so
 *      events applied in any order end in the provider's real state;
 *   3. the mirror is written and the status change announced (subscription-resync.ts);
 *   4. a paid invoice's receipt is recorded in the outbox before the event is marked processed,
 *      and mailed to the customer once (payment-receipts.ts).
 * The event is then linked to the customer whose subscription it concerns (`user`), for the
 * customer's page in Studio.
 * A failure marks the event `failed` with its error (staff see it in Studio) and is thrown, so the
 * webhook answers non-2xx and the provider redelivers; a redelivery of a failed event runs again,
 * and so does one of an event whose processing a crash cut off.
 */
import { withSchemaOnce, type BillingContext } from './billing-context.ts';
import type { BillingProvider, ProviderEvent } from './billing-provider.ts';
import type { CustomerEffect } from '../coordination/customer-effects.ts';
import type { Outbox } from '../coordination/outbox.ts';
import { paymentReceipt } from './payment-receipts.ts';
import type { SubscriptionResync } from './subscription-resync.ts';
import { toDbTimestamp } from '../database/db-values.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';
import { whileRenewing } from '../coordination/while-renewing.ts';
import { WebhookEventInProgressError } from '../errors.ts';
import { PlatformMetrics } from '../metrics/platform-metrics.ts';

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'database' | 'emitter' | 'logger'>;

const PAID_INVOICE_EVENT = 'invoice.paid';

const EVENTS = 'billing_events';

/**
 * A claim is renewed (its `received_at` moved on) every CLAIM_RENEW_MS while its delivery is
 * processed; one not renewed for ABANDONED_AFTER_MS was left by a process that died, and the next
 * delivery takes it up.
 */
const CLAIM_RENEW_MS = 5_000;
const ABANDONED_AFTER_MS = 20_000;

export interface BillingEventPipelineOptions {
	context: Context;
	provider: BillingProvider;
	resync: Pick<SubscriptionResync, 'run'>;
	outbox: Pick<Outbox<CustomerEffect>, 'enqueue' | 'deliver'>;
	portalUrl: string;
	now?: () => Date;
	metrics?: Pick<PlatformMetrics, 'webhookProcessed' | 'webhookFailed'>;
}

export class BillingEventPipeline {
	readonly #context: Context;
	readonly #provider: BillingProvider;
	readonly #resync: Pick<SubscriptionResync, 'run'>;
	readonly #outbox: Pick<Outbox<CustomerEffect>, 'enqueue' | 'deliver'>;
	readonly #portalUrl: string;
	readonly #now: () => Date;
	readonly #metrics: Pick<PlatformMetrics, 'webhookProcessed' | 'webhookFailed'>;

	constructor(options: BillingEventPipelineOptions) {
		this.#context = options.context;
		this.#provider = options.provider;
		this.#resync = options.resync;
		this.#outbox = options.outbox;
		this.#portalUrl = options.portalUrl;
		this.#now = options.now ?? (() => new Date());
		this.#metrics = options.metrics ?? new PlatformMetrics();
	}

	/** Handles the event and counts its outcome, or its failure, under its type. */
	async handle(event: ProviderEvent): Promise<EventOutcome> {
		try {
			const outcome = await this.#handle(event);
			this.#metrics.webhookProcessed(event.type, outcome);
			return outcome;
		} catch (error) {
			this.#metrics.webhookFailed(event.type);
			throw error;
		}
	}

	async #handle(event: ProviderEvent): Promise<EventOutcome> {
		const claim = await this.#claim(event);
		if (claim === 'processed') return 'duplicate';
		if (claim === 'in-progress') throw new WebhookEventInProgressError();
		const db = this.#context.database;
		return whileRenewing(
			CLAIM_RENEW_MS,
			() =>
				db(EVENTS)
					.where({ id: event.id, status: 'received' })
					.update({ received_at: toDbTimestamp(db, this.#now()) }),
			(error) => this.#context.logger.error(`Renewing the claim on billing event ${event.id}: ${error.message}`),
			() => this.#process(event),
		);
	}

	async #process(event: ProviderEvent): Promise<EventOutcome> {
		let subscriptionId = event.subscriptionId;
		try {
			subscriptionId = await this.#subscriptionOf(event);
			if (!subscriptionId) {
				await this.#finish(event.id, 'processed', null, null);
				return 'ignored';
			}
			const context = withSchemaOnce(this.#context);
			await this.#resync.run(subscriptionId, context);
			const receipt = event.type === PAID_INVOICE_EVENT && event.invoiceId ? await paymentReceipt(context, this.#provider, event.invoiceId, this.#portalUrl) : null;
			if (receipt) await this.#outbox.enqueue(receipt.key, receipt.effect);
			await this.#finish(event.id, 'processed', null, subscriptionId);
			// Not awaited: the provider's webhook gets its answer without waiting for the mail server
			// (a failed delivery is logged and left to the outbox job).
			if (receipt) void this.#outbox.deliver(receipt.key);
			return 'processed';
		} catch (error) {
			await this.#finish(event.id, 'failed', (error as Error).message, subscriptionId).catch(() => {});
			throw error;
		}
	}

	/**
	 * `owned` when this call processes the event: it is new, it failed before, or the delivery
	 * processing it was cut off long ago; `processed` when it is done; `in-progress` when another
	 * delivery is processing it now.
	 */
	async #claim(event: ProviderEvent): Promise<'owned' | 'processed' | 'in-progress'> {
		const db = this.#context.database;
		try {
			await db(EVENTS).insert({
				id: event.id,
				provider: this.#provider.name,
				type: event.type,
				status: 'received',
				payload: JSON.stringify(event.payload ?? null),
				received_at: toDbTimestamp(this.#context.database, this.#now()),
			});
			return 'owned';
		} catch (error) {
			if (!isUniqueViolation(error)) throw error;
		}
		// A failed event is retried; so is one whose processing was cut off (the process died between
		// storing and finishing it) long enough ago that nobody is still working on it.
		const abandonedBefore = toDbTimestamp(db, new Date(this.#now().getTime() - ABANDONED_AFTER_MS));
		const retried = await db(EVENTS)
			.where({ id: event.id })
			.andWhere((query) => query.where({ status: 'failed' }).orWhere((stale) => stale.where({ status: 'received' }).andWhere('received_at', '<', abandonedBefore)))
			.update({ status: 'received', error: null, received_at: toDbTimestamp(db, this.#now()) });
		if (retried === 1) return 'owned';
		const stored = (await db(EVENTS).where({ id: event.id }).first('status')) as { status: string } | undefined;
		return stored?.status === 'received' ? 'in-progress' : 'processed';
	}

	async #subscriptionOf(event: ProviderEvent): Promise<string | null> {
		if (event.subscriptionId) return event.subscriptionId;
		if (!event.checkoutSessionId) return null;
		const session = await this.#provider.retrieveCheckoutSession(event.checkoutSessionId);
		return session?.subscriptionId ?? null;
	}

	async #finish(id: string, status: 'processed' | 'failed', error: string | null, subscriptionId: string | null): Promise<void> {
		const db = this.#context.database;
		const user = subscriptionId ? await this.#customerOf(subscriptionId) : null;
		await db(EVENTS)
			.where({ id })
			.update({ status, error, processed_at: toDbTimestamp(db, this.#now()), ...(user ? { user } : {}) });
	}

	/**
	 * The customer an event is linked to, for Studio. A subscription not mirrored (yet) names none,
	 * and the event stays unlinked until a redelivery finds one; failing to look (the very failure
	 * being recorded, say) never keeps the event's outcome from being stored.
	 */
	async #customerOf(subscriptionId: string): Promise<string | null> {
		try {
			const row = (await this.#context.database('user_subscriptions').where({ stripe_subscription_id: subscriptionId }).first('user')) as { user: string | null } | undefined;
			return row?.user ?? null;
		} catch {
			return null;
		}
	}
}
