import { subscriptionSchema, type Subscription } from '@epic/platform-api';
import { billingRequest } from './billing-request';

/** `POST /stripe/subscription/reactivate`: undoes a pending cancellation. */
export const reactivateSubscription = (): Promise<Subscription> => billingRequest({ method: 'POST', path: '/subscription/reactivate' }, subscriptionSchema);
