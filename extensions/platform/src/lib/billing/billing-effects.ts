/**
 * What a subscription change owes its customer: the billing email and the notification
 * (billing-emails.ts, billing-notifications.ts), under keys naming the change. The key is the
 * subscription, the kind of change and the mirror row's version it changed from: every replica
 * that reads the same change from the same row makes the same key, so the outbox delivers it once,
 * and a later change of the same kind (a second failed payment) starts from another version.
 */
import type { OwedEffect } from '../coordination/customer-effects.ts';
import type { BillingContext } from './billing-context.ts';
import { billingEmail, billingEmailFor } from './billing-emails.ts';
import { billingNotification } from './billing-notifications.ts';
import type { MirrorChange } from './subscription-mirror.ts';

export async function owedForChange(context: Pick<BillingContext, 'services' | 'getSchema' | 'database'>, change: MirrorChange, portalUrl: string): Promise<OwedEffect[]> {
	const kind = billingEmailFor(change);
	if (!kind || !change.before) return [];
	const version = change.before.date_updated ?? change.before.date_created;
	const key = `billing:${change.after.stripe_subscription_id}:${kind}:${version}`;
	const owed: OwedEffect[] = [];
	const email = await billingEmail(context, change, portalUrl);
	if (email && change.after.user) owed.push({ key: `${key}:email`, effect: { type: 'email', user: change.after.user, ...email } });
	const notice = await billingNotification(context, change);
	if (notice) owed.push({ key: `${key}:notification`, effect: { type: 'notification', ...notice } });
	return owed;
}
