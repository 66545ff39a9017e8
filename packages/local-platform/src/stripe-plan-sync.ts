/**
 * `npm run stripe:sync-plans`: makes Stripe's catalogue match `subscription_plans` and stores the
 * price ids on the plans. One product per plan (found by its `plan_id` metadata); one recurring
 * price per period the plan is sold in. Stripe prices cannot change, so a changed amount gets a new
 * price and the old one is deactivated. A second run finds everything in place and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type Stripe from 'stripe';

type Period = 'monthly' | 'quarterly' | 'yearly';

const PERIODS: Record<Period, { interval: 'month' | 'year'; count: number; amountColumn: string; idColumn: string }> = {
	monthly: { interval: 'month', count: 1, amountColumn: 'price_monthly', idColumn: 'stripe_price_id_monthly' },
	quarterly: { interval: 'month', count: 3, amountColumn: 'price_quarterly', idColumn: 'stripe_price_id_quarterly' },
	yearly: { interval: 'year', count: 1, amountColumn: 'price_yearly', idColumn: 'stripe_price_id_yearly' },
};

const CURRENCY = 'usd';

export interface PlanSyncReport {
	productsCreated: number;
	productsUpdated: number;
	pricesCreated: number;
	pricesDeactivated: number;
	unchanged: number;
}

type PlanRecord = Record<string, unknown> & { id: string; name: string; description: string | null };

async function productsByPlan(stripe: Stripe): Promise<Map<string, Stripe.Product>> {
	const byPlan = new Map<string, Stripe.Product>();
	for await (const product of stripe.products.list({ limit: 100 })) {
		const planId = product.metadata['plan_id'];
		if (planId && !byPlan.has(planId)) byPlan.set(planId, product);
	}
	return byPlan;
}

function priceMatches(price: Stripe.Price, productId: string, cents: number, period: Period): boolean {
	const shape = PERIODS[period];
	const product = typeof price.product === 'string' ? price.product : price.product.id;
	return (
		price.active &&
		product === productId &&
		price.unit_amount === cents &&
		price.currency === CURRENCY &&
		price.recurring?.interval === shape.interval &&
		price.recurring.interval_count === shape.count
	);
}

async function existingPrice(stripe: Stripe, id: unknown): Promise<Stripe.Price | null> {
	if (typeof id !== 'string' || !id) return null;
	try {
		return await stripe.prices.retrieve(id);
	} catch {
		return null;
	}
}

export async function syncPlansToStripe(db: Knex, stripe: Stripe): Promise<PlanSyncReport> {
	const report: PlanSyncReport = { productsCreated: 0, productsUpdated: 0, pricesCreated: 0, pricesDeactivated: 0, unchanged: 0 };
	const plans = (await db('subscription_plans').select('*').orderBy('id')) as PlanRecord[];
	const products = await productsByPlan(stripe);

	for (const plan of plans) {
		const periods = (Object.keys(PERIODS) as Period[]).filter((period) => Number(plan[PERIODS[period].amountColumn] ?? 0) > 0);
		if (periods.length === 0) continue;

		let product = products.get(plan.id);
		const description = plan.description || undefined;
		if (!product) {
			product = await stripe.products.create({ name: plan.name, description, metadata: { plan_id: plan.id } }, { idempotencyKey: `product-${plan.id}` });
			report.productsCreated++;
		} else if (product.name !== plan.name || (product.description ?? undefined) !== description || !product.active) {
			product = await stripe.products.update(product.id, { name: plan.name, description: description ?? '', active: true }, { idempotencyKey: randomUUID() });
			report.productsUpdated++;
		}

		const changes: Record<string, string> = {};
		for (const period of periods) {
			const shape = PERIODS[period];
			const cents = Math.round(Number(plan[shape.amountColumn]) * 100);
			const current = await existingPrice(stripe, plan[shape.idColumn]);
			if (current && priceMatches(current, product.id, cents, period)) {
				report.unchanged++;
				continue;
			}
			const created = await stripe.prices.create(
				{
					product: product.id,
					unit_amount: cents,
					currency: CURRENCY,
					recurring: { interval: shape.interval, interval_count: shape.count },
					metadata: { plan_id: plan.id, period },
				},
				{ idempotencyKey: `price-${plan.id}-${period}-${cents}` },
			);
			report.pricesCreated++;
			if (current?.active) {
				await stripe.prices.update(current.id, { active: false }, { idempotencyKey: randomUUID() });
				report.pricesDeactivated++;
			}
			changes[shape.idColumn] = created.id;
		}
		if (Object.keys(changes).length > 0) await db('subscription_plans').where({ id: plan.id }).update(changes);
	}
	return report;
}
