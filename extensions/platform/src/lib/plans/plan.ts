/** How plans are stored; the shape the portal receives is `Plan` from `@epic/platform-api`. */
export type { BillingPeriod, Plan, PlanPrice } from '@epic/platform-api';

/** A `subscription_plans` row as the database returns it (decimals arrive as strings on PostgreSQL). */
export interface PlanRow {
	id: string;
	name: string;
	description?: string | null;
	price_monthly: number | string | null;
	price_quarterly: number | string | null;
	price_yearly: number | string | null;
	features: unknown;
	/** Names, descriptions and features in other languages (plan-translations.ts). */
	translations?: unknown;
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
	'translations',
] as const;
