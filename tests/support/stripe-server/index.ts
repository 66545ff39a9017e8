/** The local Stripe for tests; see README.md beside this file. */
export { StripeTestServer, type StripeTestServerOptions } from './stripe-test-server.ts';
export type { CompleteCheckoutOptions } from './checkout.ts';
export type { DeliveryRecord, RawDelivery } from './webhooks.ts';
export type * from './objects.ts';
