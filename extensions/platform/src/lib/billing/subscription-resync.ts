/**
 * The one way the mirror is written: re-read the subscription from the provider, mirror it, then
 * announce and email what changed. Re-reads of one subscription run one at a time, so a slower
 * re-read (the minute's sync, say) can never write an older state over a newer one that an event
 * wrote meanwhile; requests that arrive during a re-read share the next one (a burst of events for
 * one subscription costs two re-reads).
 */
import { LatestRead } from '@epic/concurrency';
import type { BillingContext } from './billing-context.ts';
import type { BillingProvider } from './billing-provider.ts';
import { afterSubscriptionChange } from './subscription-change.ts';
import { mirrorSubscription, type MirrorChange } from './subscription-mirror.ts';

const perSubscription = new LatestRead<MirrorChange | null>();

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'database' | 'emitter' | 'logger'>;

/** Null when the provider knows no such subscription. */
export function resyncSubscription(context: Context, provider: BillingProvider, subscriptionId: string, portalUrl: string): Promise<MirrorChange | null> {
	return perSubscription.run(subscriptionId, async () => {
		const subscription = await provider.retrieveSubscription(subscriptionId);
		if (!subscription) return null;
		const change = await mirrorSubscription(context, subscription);
		await afterSubscriptionChange(context, change, portalUrl);
		return change;
	});
}
