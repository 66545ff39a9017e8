/**
 * The customer's notification of a subscription change (docs/product.md, Notifications), stored
 * beside the billing email of the same change: payment failed, canceling, reactivated, ended
 * (billingEmailFor). The plan is kept by id with its English name; the portal shows the name in the
 * reader's language. The latest state wins: a reactivation takes away the notice that the
 * subscription would end, and a new cancellation the notice that it renews.
 */
import type { NotificationKind } from '@epic/platform-api';
import type { NewNotification } from '../notifications/notify.ts';
import type { BillingContext } from './billing-context.ts';
import { billingEmailFor } from './billing-emails.ts';
import type { BillingEmailKind } from './billing-email-copy.ts';
import type { MirrorChange } from './subscription-mirror.ts';

type BillingNotificationKind = 'payment_failed' | 'subscription_canceling' | 'subscription_reactivated' | 'subscription_ended';

const KIND: Record<BillingEmailKind, BillingNotificationKind> = {
	payment_failed: 'payment_failed',
	canceling: 'subscription_canceling',
	reactivated: 'subscription_reactivated',
	ended: 'subscription_ended',
};

/** Notices a new one makes untrue, taken away when it is stored. */
const SUPERSEDES: Partial<Record<BillingNotificationKind, BillingNotificationKind[]>> = {
	subscription_reactivated: ['subscription_canceling'],
	subscription_canceling: ['subscription_reactivated'],
};

/** What to store for a change, if it calls for anything; `now` stands in for a missing period end. */
export function billingNotificationFor(change: MirrorChange, planName: string | null, now: Date): NewNotification | null {
	const emailKind = billingEmailFor(change);
	const user = change.after.user;
	if (!emailKind || !user) return null;
	const plan = { plan: change.after.plan, plan_name: planName ?? change.after.plan ?? '' };
	const kind = KIND[emailKind];
	if (kind === 'subscription_canceling' || kind === 'subscription_reactivated') {
		return { user, kind, params: { ...plan, date: change.after.current_period_end ?? now.toISOString() } };
	}
	return { user, kind, params: plan };
}

/** The notification a change calls for, with the notices it makes untrue; null when it calls for none. */
export async function billingNotification(
	context: Pick<BillingContext, 'database'>,
	change: MirrorChange,
	now: () => Date = () => new Date(),
): Promise<{ notification: NewNotification; supersedes: NotificationKind[] } | null> {
	if (!billingEmailFor(change) || !change.after.user) return null;
	const plan = change.after.plan
		? ((await context.database('subscription_plans').select('name').where({ id: change.after.plan }).first()) as { name: string } | undefined)
		: undefined;
	const notification = billingNotificationFor(change, plan?.name ?? null, now());
	if (!notification) return null;
	return { notification, supersedes: SUPERSEDES[notification.kind as BillingNotificationKind] ?? [] };
}
