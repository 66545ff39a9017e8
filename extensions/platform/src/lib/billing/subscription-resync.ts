/**
 * The one way the mirror is written: re-read the subscription from the provider, record what the
 * change owes the customer (billing-effects.ts) in the outbox, mirror it, announce it to the
 * platform, then deliver what it owes. Recorded before the write, a change's email and notification
 * survive a replica dying right after it: the provider's redelivery finds the mirror already
 * written and says nothing new, and the outbox job delivers what was recorded.
 *
 * Re-reads of one subscription run one at a time across every replica (a lock in the database,
 * lib/coordination/replica-mutex.ts), so a slower re-read (the minute's sync, say) can never write
 * an older state over a newer one that an event wrote meanwhile, and two replicas never both find
 * the same change. Within a process, requests that arrive during a re-read share the next one (a
 * burst of events for one subscription costs two re-reads); that sharing only saves work, so each
 * replica keeping its own is right.
 */
import { LatestRead } from '@epic/concurrency';
import type { CustomerEffect, OwedEffect } from '../coordination/customer-effects.ts';
import type { Outbox } from '../coordination/outbox.ts';
import { ReplicaMutex } from '../coordination/replica-mutex.ts';
import type { BillingContext } from './billing-context.ts';
import { owedForChange } from './billing-effects.ts';
import type { BillingProvider } from './billing-provider.ts';
import { announcePlanChange, announceTransition } from './subscription-lifecycle.ts';
import { mirrorSubscription, type MirrorChange } from './subscription-mirror.ts';

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'database' | 'emitter' | 'logger'>;

export class SubscriptionResync {
	readonly #context: Context;
	readonly #provider: BillingProvider;
	readonly #portalUrl: string;
	readonly #outbox: Outbox<CustomerEffect>;
	readonly #perSubscription = new LatestRead<MirrorChange | null>();

	constructor(context: Context, provider: BillingProvider, portalUrl: string, outbox: Outbox<CustomerEffect>) {
		this.#context = context;
		this.#provider = provider;
		this.#portalUrl = portalUrl;
		this.#outbox = outbox;
	}

	/** Null when the provider knows no such subscription. `context`: the caller's, e.g. with its schema read once. */
	run(subscriptionId: string, context: Context = this.#context): Promise<MirrorChange | null> {
		return this.#perSubscription.run(subscriptionId, () => new ReplicaMutex(context.database).run(`subscription:${subscriptionId}`, () => this.#resync(context, subscriptionId)));
	}

	async #resync(context: Context, subscriptionId: string): Promise<MirrorChange | null> {
		const subscription = await this.#provider.retrieveSubscription(subscriptionId);
		if (!subscription) return null;
		let owed: OwedEffect[] = [];
		const change = await mirrorSubscription(context, subscription, async (upcoming) => {
			owed = await owedForChange(context, upcoming, this.#portalUrl);
			for (const { key, effect } of owed) await this.#outbox.enqueue(key, effect);
		});
		announceTransition(context, change);
		announcePlanChange(context, change);
		for (const { key } of owed) await this.#outbox.deliver(key);
		return change;
	}
}
