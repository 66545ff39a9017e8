/**
 * A plan as `GET /stripe/plans` sends it (docs/product.md, Plans, periods and prices): `pricing` has an entry only for
 * the periods the plan is sold in, each with its amount in dollars and the provider's price id
 * (null until the plan is synchronised with the billing provider).
 */
import { z } from 'zod';

export const billingPeriodSchema = z.enum(['monthly', 'quarterly', 'yearly']);
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

export const planPriceSchema = z.object({
	amount: z.number(),
	price_id: z.string().nullable().default(null),
	period: z.enum(['month', 'year']),
	interval_count: z.literal([1, 3]),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

export const planSchema = z.object({
	id: z.string(),
	name: z.string(),
	description: z.string().nullable().default(null),
	/** Monthly price in dollars (0 when the plan is free). */
	price: z.number(),
	/** Projects a subscriber may run: 0 = none, 999 = unlimited. */
	projectLimit: z.number(),
	popular: z.boolean().default(false),
	features: z.array(z.string()),
	pricing: z.partialRecord(billingPeriodSchema, planPriceSchema),
});
export type Plan = z.infer<typeof planSchema>;

/** `GET /stripe/plans`: the active plans. */
export const planListSchema = z.array(planSchema);
