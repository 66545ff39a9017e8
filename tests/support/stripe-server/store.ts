/**
 * Every object the server holds, by kind, in creation order. Tests read these maps for
 * assertions; the objects are live, so read them and do not write them.
 */
import type { BillingPortalSession, CheckoutSession, Customer, Invoice, PaymentMethod, Price, Product, StripeEvent, Subscription } from './objects.ts';

export class Store {
	readonly customers = new Map<string, Customer>();
	readonly products = new Map<string, Product>();
	readonly prices = new Map<string, Price>();
	readonly checkoutSessions = new Map<string, CheckoutSession>();
	readonly subscriptions = new Map<string, Subscription>();
	readonly invoices = new Map<string, Invoice>();
	readonly paymentMethods = new Map<string, PaymentMethod>();
	readonly billingPortalSessions = new Map<string, BillingPortalSession>();
	readonly events = new Map<string, StripeEvent>();

	/** Any stored object by its id, for `expand[]`: the prefix says where to look. */
	find(id: string): object | undefined {
		// cs_ before the bare prefixes: the longest prefix decides.
		const byPrefix: [string, Map<string, object>][] = [
			['cs_', this.checkoutSessions],
			['cus_', this.customers],
			['prod_', this.products],
			['price_', this.prices],
			['sub_', this.subscriptions],
			['in_', this.invoices],
			['pm_', this.paymentMethods],
			['bps_', this.billingPortalSessions],
			['evt_', this.events],
		];
		for (const [prefix, map] of byPrefix) if (id.startsWith(prefix)) return map.get(id);
		// Products may carry an id the caller chose, without the prefix.
		return this.products.get(id);
	}
}
