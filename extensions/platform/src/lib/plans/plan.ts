/**
 * A plan as the portal sees it (docs/product.md, Plans, periods and prices): `pricing` has an entry only for the periods the
 * plan is sold in, each with its amount in dollars and the provider's price id.
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

/** A `subscription_plans` row as the database returns it (decimals arrive as strings on PostgreSQL). */
export interface PlanRow {
	id: string;
	name: string;
	description?: string | null;
	price_monthly: number | string | null;
	price_quarterly: number | string | null;
	price_yearly: number | string | null;
	features: unknown;
	project_limit: number | null;
	is_popular: boolean | number | null;
	is_active?: boolean | number | null;
	stripe_price_id_monthly: string | null;
	stripe_price_id_quarterly: string | null;
	stripe_price_id_yearly: string | null;
}

export const PLAN_FIELDS = [
	'id',
	'name',
	'description',
	'price_monthly',
	'price_quarterly',
	'price_yearly',
	'features',
	'project_limit',
	'is_popular',
	'stripe_price_id_monthly',
	'stripe_price_id_quarterly',
	'stripe_price_id_yearly',
] as const;
