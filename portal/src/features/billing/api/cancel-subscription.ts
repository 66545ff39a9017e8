import { subscriptionSchema, type Subscription } from '@epic/platform-api';
import { billingRequest } from './billing-request';

/** `POST /stripe/subscription/cancel`: it ends at the end of the current period. */
export const cancelSubscription = (): Promise<Subscription> => billingRequest({ method: 'POST', path: '/subscription/cancel' }, subscriptionSchema);
