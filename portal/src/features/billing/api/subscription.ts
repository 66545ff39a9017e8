import { subscriptionSchema, type Subscription } from '@epic/platform-api';
import useSWR, { mutate as globalMutate } from 'swr';
import { getErrorStatus } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { billingRequest } from './billing-request';

const SUBSCRIPTION_KEY = 'stripe/subscription';
export const SANDBOX_PORTAL_KEY = 'stripe/sandbox/portal';
export const PAYMENTS_KEY = 'stripe/payments';

/** Cached per user, so a customer signing in after another never sees the other's subscription. */
export const subscriptionKey = (userId: string) => [SUBSCRIPTION_KEY, userId] as const;

/** `GET /stripe/subscription`; its 404 (`SUBSCRIPTION_NOT_FOUND`) means the customer has none. */
export async function fetchSubscription(): Promise<Subscription | null> {
  try {
    return await billingRequest({ method: 'GET', path: '/subscription' }, subscriptionSchema);
  } catch (error) {
    if (getErrorStatus(error) === 404) return null;
    throw error;
  }
}

/** The signed-in customer's current subscription: null when there is none, undefined while loading. */
export function useSubscription() {
  const { user } = useAuth();
  return useSWR(user ? subscriptionKey(user.id) : null, fetchSubscription);
}

/** `POST /stripe/subscription/cancel`: it ends at the end of the current period. */
export const cancelSubscription = (): Promise<Subscription> =>
  billingRequest({ method: 'POST', path: '/subscription/cancel' }, subscriptionSchema);

/** `POST /stripe/subscription/reactivate`: undoes a pending cancellation. */
export const reactivateSubscription = (): Promise<Subscription> =>
  billingRequest({ method: 'POST', path: '/subscription/reactivate' }, subscriptionSchema);

const isBillingStateKey = (key: unknown): boolean =>
  Array.isArray(key) && (key[0] === SUBSCRIPTION_KEY || key[0] === SANDBOX_PORTAL_KEY || key[0] === PAYMENTS_KEY);

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
  await globalMutate((key: unknown) => Array.isArray(key) && key[0] === SANDBOX_PORTAL_KEY);
}
