import type { BillingConfig } from '@epic/platform-api';
import useSWRImmutable from 'swr/immutable';
import { billingRequest } from './billing-request';
import { isBillingConfig } from './guards';

export const billingConfigKey = 'stripe/config';

/** `GET /stripe/config`: which provider runs checkout, and Stripe's publishable key. */
export const fetchBillingConfig = (): Promise<BillingConfig> =>
  billingRequest({ method: 'GET', path: '/config' }, isBillingConfig);

/** Fetched once per page load: the provider changes only when the operator redeploys. */
export function useBillingConfig() {
  return useSWRImmutable(billingConfigKey, fetchBillingConfig);
}
