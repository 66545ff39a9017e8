import { describe, expect, it } from 'vitest';
import type { Plan } from '../api/plan';
import { displayPrice, savePercentVersusMonthly } from './plan-pricing';

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
    expect(displayPrice(pro, 'monthly')).toEqual({ kind: 'paid', period: 'monthly', perMonth: 29, total: 29, savePercent: null });
  });

  it('divides longer periods into a rounded monthly price and compares with monthly', () => {
    expect(displayPrice(pro, 'quarterly')).toEqual({ kind: 'paid', period: 'quarterly', perMonth: 26, total: 78.3, savePercent: 10 });
    expect(displayPrice(pro, 'yearly')).toEqual({ kind: 'paid', period: 'yearly', perMonth: 23, total: 278.4, savePercent: 20 });
  });

  it('falls back to monthly when the plan is not sold in the chosen period', () => {
    const monthlyOnly: Plan = { ...pro, pricing: { monthly: pro.pricing.monthly } };
    expect(displayPrice(monthlyOnly, 'yearly')).toMatchObject({ kind: 'paid', period: 'monthly', perMonth: 29 });
  });

  it('marks a plan without prices and a zero price as free', () => {
    expect(displayPrice(free, 'yearly')).toEqual({ kind: 'free' });
  });
});

describe('savePercentVersusMonthly', () => {
  it('is null without a monthly price or without a saving', () => {
    expect(savePercentVersusMonthly({ ...pro, pricing: { yearly: pro.pricing.yearly } }, 'yearly')).toBeNull();
    const noDiscount: Plan = {
      ...pro,
      pricing: { ...pro.pricing, yearly: { amount: 348, price_id: 'y', period: 'year', interval_count: 1 } },
    };
    expect(savePercentVersusMonthly(noDiscount, 'yearly')).toBeNull();
  });
});
