import { subscriptionSchema, type Subscription } from '@epic/platform-api';
import useSWR from 'swr';
import { getErrorStatus } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { billingRequest } from './billing-request';
import { BILLING_QUERY_KEYS } from './query-keys';

/** Cached per user, so a customer signing in after another never sees the other's subscription. */
export const subscriptionKey = (userId: string) => [BILLING_QUERY_KEYS.subscription, userId] as const;

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
