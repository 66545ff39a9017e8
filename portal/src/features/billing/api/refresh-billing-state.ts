import type { Subscription } from '@epic/platform-api';
import { mutate as globalMutate } from 'swr';
import { subscriptionKey } from './get-subscription';
import { BILLING_QUERY_KEYS } from './query-keys';

const BILLING_STATE: readonly string[] = [BILLING_QUERY_KEYS.subscription, BILLING_QUERY_KEYS.sandboxPortal, BILLING_QUERY_KEYS.payments];

const isBillingStateKey = (key: unknown): boolean => Array.isArray(key) && BILLING_STATE.includes(key[0]);

/**
 * Refetches every cached view of the customer's billing state (the subscription, the sandbox
 * portal and the payments) after it changed: a checkout completed, a plan changed, a cancellation or reactivation.
 */
export async function refreshBillingState(): Promise<void> {
	await globalMutate(isBillingStateKey);
}

/**
 * After a cancellation, reactivation or in-place plan change answered with the subscription: show
 * it at once, and refetch the other views of it.
 */
export async function applySubscriptionChange(userId: string, subscription: Subscription): Promise<void> {
	await globalMutate(subscriptionKey(userId), subscription, { revalidate: false });
	await globalMutate((key: unknown) => Array.isArray(key) && key[0] === BILLING_QUERY_KEYS.sandboxPortal);
}
