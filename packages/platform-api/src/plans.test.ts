import { describe, expect, it } from 'vitest';
import { planListSchema, planSchema } from './plans.ts';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

const plan = {
	id: 'pro',
	name: 'Pro',
	description: 'For teams',
	price: 39,
	projectLimit: 3,
	popular: true,
	features: ['3 projects'],
	pricing: {
		monthly: { amount: 39, price_id: 'price_1', period: 'month', interval_count: 1 },
		quarterly: { amount: 105, price_id: null, period: 'month', interval_count: 3 },
	},
};

describe('plan answer schemas', () => {
	it('accept plans as GET /stripe/plans lists them, free ones without pricing too', () => {
		expect(accepts(planListSchema, [plan, { ...plan, id: 'free', price: 0, pricing: {} }])).toBe(true);
	});

	it('read a description, popularity or price id left out as none', () => {
		const { description: _description, popular: _popular, ...bare } = plan;
		const read = planSchema.parse({ ...bare, pricing: { yearly: { amount: 390, period: 'year', interval_count: 1 } } });
		expect(read).toMatchObject({ description: null, popular: false, pricing: { yearly: { price_id: null } } });
		expect(Object.keys(planSchema.parse({ ...plan, pricing: {} }).pricing)).toEqual([]);
	});

	it('refuse what is not', () => {
		expect(accepts(planListSchema, '<html>')).toBe(false);
		expect(accepts(planSchema, { ...plan, price: '39' })).toBe(false);
		expect(accepts(planSchema, { ...plan, features: [1] })).toBe(false);
		expect(accepts(planSchema, { ...plan, pricing: null })).toBe(false);
		expect(accepts(planSchema, { ...plan, projectLimit: undefined })).toBe(false);
	});
});
