/**
 * A plan as `GET /stripe/plans` sends it (docs/product.md, Plans, periods and prices): `pricing` has an entry only for
 * the periods the plan is sold in, each with its amount in dollars and the provider's price id
 * (null until the plan is synchronised with the billing provider).
 */
export type BillingPeriod = 'monthly' | 'quarterly' | 'yearly';

export interface PlanPrice {
	amount: number;
	price_id: string | null;
	period: 'month' | 'year';
	interval_count: 1 | 3;
}

export interface Plan {
	id: string;
	name: string;
	description: string | null;
	/** Monthly price in dollars (0 when the plan is free). */
	price: number;
	/** Projects a subscriber may run: 0 = none, 999 = unlimited. */
	projectLimit: number;
	popular: boolean;
	features: string[];
	pricing: Partial<Record<BillingPeriod, PlanPrice>>;
}
