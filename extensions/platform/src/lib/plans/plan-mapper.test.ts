import { describe, expect, it } from 'vitest';
import { toPlan } from './plan-mapper.ts';
import type { PlanRow } from './plan.ts';

const row = (overrides: Partial<PlanRow> = {}): PlanRow => ({
	id: 'pro',
	name: 'Pro',
	description: 'Up to three projects',
	price_monthly: 39,
	price_quarterly: 105.3,
	price_yearly: 374.4,
	features: ['a', 'b'],
	project_limit: 3,
	is_popular: true,
	stripe_price_id_monthly: 'price_m',
	stripe_price_id_quarterly: null,
	stripe_price_id_yearly: '',
	...overrides,
});

describe('toPlan', () => {
	it('maps a row to the portal shape with one pricing entry per sold period', () => {
		expect(toPlan(row())).toEqual({
			id: 'pro',
			name: 'Pro',
			description: 'Up to three projects',
			price: 39,
			projectLimit: 3,
			popular: true,
			features: ['a', 'b'],
			pricing: {
				monthly: { amount: 39, price_id: 'price_m', period: 'month', interval_count: 1 },
				quarterly: { amount: 105.3, price_id: null, period: 'month', interval_count: 3 },
				yearly: { amount: 374.4, price_id: null, period: 'year', interval_count: 1 },
			},
		});
	});

	it('reads PostgreSQL decimals (strings) and SQLite booleans (0/1)', () => {
		const plan = toPlan(row({ price_monthly: '39.00', price_quarterly: '105.30', price_yearly: null, is_popular: 0 }));
		expect(plan.price).toBe(39);
		expect(plan.pricing.quarterly?.amount).toBe(105.3);
		expect(plan.pricing.yearly).toBeUndefined();
		expect(plan.popular).toBe(false);
	});

	it('falls back to the spec defaults: price 0, project limit 0, no features', () => {
		const plan = toPlan(row({ price_monthly: null, price_quarterly: null, price_yearly: null, project_limit: null, features: 'not json' }));
		expect(plan).toMatchObject({ price: 0, projectLimit: 0, features: [], pricing: {} });
	});

	it('accepts features stored as a JSON string', () => {
		expect(toPlan(row({ features: '["x", 2, "y"]' })).features).toEqual(['x', 'y']);
	});
});
