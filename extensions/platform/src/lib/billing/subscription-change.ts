/**
 * What follows every write of the subscription mirror, wherever it came from (a webhook, the
 * sandbox, an API call, the sync): the platform hears of the status change, and the customer gets
 * the email the change calls for.
 */
import type { BillingContext } from './billing-context.ts';
import { sendBillingEmail } from './billing-emails.ts';
import { announceTransition } from './subscription-lifecycle.ts';
import type { MirrorChange } from './subscription-mirror.ts';

export async function afterSubscriptionChange(context: Pick<BillingContext, 'services' | 'getSchema' | 'logger' | 'emitter'>, change: MirrorChange, portalUrl: string): Promise<void> {
	announceTransition(context, change);
	await sendBillingEmail(context, change, portalUrl);
}
