import { billingConfigSchema, type BillingConfig } from '@epic/platform-api';
import useSWRImmutable from 'swr/immutable';
import { billingRequest } from './billing-request';
import { BILLING_QUERY_KEYS } from './query-keys';

/** `GET /stripe/config`: which provider runs checkout, and Stripe's publishable key. */
export const fetchBillingConfig = (): Promise<BillingConfig> => billingRequest({ method: 'GET', path: '/config' }, billingConfigSchema);

/** Fetched once per page load: the provider changes only when the operator redeploys. */
export function useBillingConfig() {
	return useSWRImmutable(BILLING_QUERY_KEYS.config, fetchBillingConfig);
}
