/**
 * What a subscription's status change means for the rest of the platform, announced as Directus
 * actions so the projects code can subscribe without billing knowing about it: an ended
 * subscription (unpaid, canceled) suspends the user's projects; one that serves again (or a new one
 * that serves) resumes them; a serving subscription on another plan than before gives the user's
 * sites that plan's limits.
 */
import { isServingStatus, type SubscriptionStatus } from '@epic/platform-api';
import type { BillingContext } from './billing-context.ts';
import type { MirrorChange } from './subscription-mirror.ts';

export const SUBSCRIPTION_ENDED_ACTION = 'billing.subscription.ended';
export const SUBSCRIPTION_RESUMED_ACTION = 'billing.subscription.resumed';
export const SUBSCRIPTION_PLAN_CHANGED_ACTION = 'billing.subscription.plan_changed';

const ENDED: SubscriptionStatus[] = ['unpaid', 'canceled'];

export interface SubscriptionTransitionPayload {
	user: string;
	subscription: string;
	status: SubscriptionStatus;
}

export type Transition = 'ended' | 'resumed' | null;

/**
 * `resumed` also for a new subscription that serves: a customer whose old subscription ended
 * subscribes again with a new one, and their suspended projects come back with it (for a customer
 * without suspended projects it changes nothing).
 */
export function transitionOf(before: SubscriptionStatus | null, after: SubscriptionStatus): Transition {
	if (ENDED.includes(after) && (before === null || !ENDED.includes(before))) return before === null ? null : 'ended';
	if (isServingStatus(after) && (before === null || ENDED.includes(before))) return 'resumed';
	return null;
}

/** Emits `action` about the subscription's user; a subscription with no user yet has no one to tell. */
function announce(context: Pick<BillingContext, 'emitter'>, action: string, after: MirrorChange['after']): void {
	if (!after.user) return;
	const payload: SubscriptionTransitionPayload = { user: after.user, subscription: after.id, status: after.status };
	context.emitter.emitAction(action, payload, { database: null, schema: null, accountability: null });
}

export function announceTransition(context: Pick<BillingContext, 'emitter'>, change: MirrorChange): Transition {
	const transition = transitionOf(change.before?.status ?? null, change.after.status);
	if (transition) announce(context, transition === 'ended' ? SUBSCRIPTION_ENDED_ACTION : SUBSCRIPTION_RESUMED_ACTION, change.after);
	return transition;
}

/**
 * A plan change: the subscription serves on another plan than its row had before. A new
 * subscription counts (a customer whose old one ended subscribes to another plan); for a customer
 * without projects it changes nothing.
 */
export function planChanged(change: MirrorChange): boolean {
	return isServingStatus(change.after.status) && change.after.plan !== null && change.after.plan !== (change.before?.plan ?? null);
}

export function announcePlanChange(context: Pick<BillingContext, 'emitter'>, change: MirrorChange): void {
	if (planChanged(change)) announce(context, SUBSCRIPTION_PLAN_CHANGED_ACTION, change.after);
}
