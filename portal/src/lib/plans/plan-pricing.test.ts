import { describe, expect, it } from 'vitest';
import type { Plan } from './plan';
import { checkoutPeriod, displayPrice, isBillingPeriod, savedAmountVersusMonthly, savePercentVersusMonthly } from './plan-pricing';

const pro: Plan = {
	id: 'pro',
	name: 'Pro',
	description: null,
	price: 29,
	projectLimit: 3,
	popular: true,
	features: [],
	pricing: {
		monthly: { amount: 29, price_id: 'price_m', period: 'month', interval_count: 1 },
		quarterly: { amount: 78.3, price_id: 'price_q', period: 'month', interval_count: 3 },
		yearly: { amount: 278.4, price_id: 'price_y', period: 'year', interval_count: 1 },
	},
};

const free: Plan = { id: 'free', name: 'Free', description: null, price: 0, projectLimit: 0, popular: false, features: [], pricing: {} };

describe('displayPrice', () => {
	it('shows the monthly amount as is', () => {
		expect(displayPrice(pro, 'monthly')).toEqual({
			kind: 'paid',
			period: 'monthly',
			perMonth: 29,
			total: 29,
			savePercent: null,
			originalPerMonth: null,
			savedAmount: null,
		});
	});

	it('divides longer periods into a rounded monthly price and compares with monthly', () => {
		expect(displayPrice(pro, 'quarterly')).toEqual({
			kind: 'paid',
			period: 'quarterly',
			perMonth: 26,
			total: 78.3,
			savePercent: 10,
			originalPerMonth: 29,
			savedAmount: 8.7,
		});
		expect(displayPrice(pro, 'yearly')).toEqual({
			kind: 'paid',
			period: 'yearly',
			perMonth: 23,
			total: 278.4,
			savePercent: 20,
			originalPerMonth: 29,
			savedAmount: 69.6,
		});
	});

	it('falls back to monthly when the plan is not sold in the chosen period', () => {
		const monthlyOnly: Plan = { ...pro, pricing: { monthly: pro.pricing.monthly } };
		expect(displayPrice(monthlyOnly, 'yearly')).toMatchObject({ kind: 'paid', period: 'monthly', perMonth: 29, savedAmount: null });
	});

	it('marks a plan without prices and a zero price as free', () => {
		expect(displayPrice(free, 'yearly')).toEqual({ kind: 'free' });
	});
});

describe('savePercentVersusMonthly and savedAmountVersusMonthly', () => {
	it('are null without a monthly price or without a saving', () => {
		const yearlyOnly: Plan = { ...pro, pricing: { yearly: pro.pricing.yearly } };
		expect(savePercentVersusMonthly(yearlyOnly, 'yearly')).toBeNull();
		expect(savedAmountVersusMonthly(yearlyOnly, 'yearly')).toBeNull();
		const noDiscount: Plan = {
			...pro,
			pricing: { ...pro.pricing, yearly: { amount: 348, price_id: 'y', period: 'year', interval_count: 1 } },
		};
		expect(savePercentVersusMonthly(noDiscount, 'yearly')).toBeNull();
		expect(savedAmountVersusMonthly(noDiscount, 'yearly')).toBeNull();
		expect(displayPrice(noDiscount, 'yearly')).toMatchObject({ originalPerMonth: null, savedAmount: null });
	});

	it('rounds the saved amount to cents', () => {
		const odd: Plan = { ...pro, pricing: { ...pro.pricing, quarterly: { amount: 86.99, price_id: 'q', period: 'month', interval_count: 3 } } };
		expect(savedAmountVersusMonthly(odd, 'quarterly')).toBe(0.01);
	});
});

describe('checkoutPeriod', () => {
	it('is the chosen period when sold in it, else the one the card shows', () => {
		expect(checkoutPeriod(pro, 'yearly')).toBe('yearly');
		expect(checkoutPeriod({ ...pro, pricing: { monthly: pro.pricing.monthly } }, 'yearly')).toBe('monthly');
		expect(checkoutPeriod(free, 'quarterly')).toBe('monthly');
	});
});

describe('isBillingPeriod', () => {
	it('accepts the three periods only', () => {
		expect(['monthly', 'quarterly', 'yearly'].every(isBillingPeriod)).toBe(true);
		expect(isBillingPeriod('weekly')).toBe(false);
		expect(isBillingPeriod(null)).toBe(false);
	});
});
