/**
 * The customer's notification of a subscription change (docs/product.md, Notifications), stored
 * beside the billing email of the same change: payment failed, canceling, ended (billingEmailFor).
 * The plan is kept by id with its English name; the portal shows the name in the reader's language.
 */
import type { NewNotification, Notify } from '../notifications/notify.ts';
import type { BillingContext } from './billing-context.ts';
import { billingEmailFor } from './billing-emails.ts';
import type { BillingEmailKind } from './billing-email-copy.ts';
import type { MirrorChange } from './subscription-mirror.ts';

const KIND: Record<BillingEmailKind, 'payment_failed' | 'subscription_canceling' | 'subscription_ended'> = {
	payment_failed: 'payment_failed',
	canceling: 'subscription_canceling',
	ended: 'subscription_ended',
};

/** What to store for a change, if it calls for anything; `now` stands in for a missing period end. */
export function billingNotificationFor(change: MirrorChange, planName: string | null, now: Date): NewNotification | null {
	const emailKind = billingEmailFor(change);
	const user = change.after.user;
	if (!emailKind || !user) return null;
	const plan = { plan: change.after.plan, plan_name: planName ?? change.after.plan ?? '' };
	const kind = KIND[emailKind];
	if (kind === 'subscription_canceling') {
		return { user, kind, params: { ...plan, date: change.after.current_period_end ?? now.toISOString() } };
	}
	return { user, kind, params: plan };
}

export async function notifyBillingChange(context: Pick<BillingContext, 'database'>, change: MirrorChange, notify: Notify, now: () => Date = () => new Date()): Promise<void> {
	if (!billingEmailFor(change) || !change.after.user) return;
	const plan = change.after.plan
		? ((await context.database('subscription_plans').select('name').where({ id: change.after.plan }).first()) as { name: string } | undefined)
		: undefined;
	const notification = billingNotificationFor(change, plan?.name ?? null, now());
	if (notification) await notify(notification);
}
