import { customEndpoint } from '@directus/sdk';
import useSWR from 'swr';
import { UnexpectedResponseError } from '../api-error';
import { directus } from '../directus';
import { isPlan, type Plan } from './plan';

export const plansKey = 'stripe/plans';

/** Public list of active plans; the SDK unwraps the `{ data }` envelope. */
export async function fetchPlans(): Promise<Plan[]> {
  const data = await directus.request(customEndpoint<unknown>({ path: '/stripe/plans', method: 'GET' }));
  if (!Array.isArray(data) || !data.every(isPlan)) {
    throw new UnexpectedResponseError('GET /stripe/plans did not return a list of plans');
  }
  return data;
}

export function usePlans() {
  return useSWR(plansKey, fetchPlans, { revalidateOnFocus: false });
}
