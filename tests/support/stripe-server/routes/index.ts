/** Every API route, in matching order. */
import type { Route } from '../router.ts';
import { billingPortalRoutes } from './billing-portal.ts';
import { checkoutSessionRoutes } from './checkout-sessions.ts';
import { customerRoutes } from './customers.ts';
import { invoiceRoutes } from './invoices.ts';
import { lookupRoutes } from './lookups.ts';
import { priceRoutes } from './prices.ts';
import { productRoutes } from './products.ts';
import { subscriptionRoutes } from './subscriptions.ts';

export const apiRoutes: Route[] = [
	...customerRoutes,
	...productRoutes,
	...priceRoutes,
	...checkoutSessionRoutes,
	...billingPortalRoutes,
	...subscriptionRoutes,
	...invoiceRoutes,
	...lookupRoutes,
];
