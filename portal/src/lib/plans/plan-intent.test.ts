import { describe, expect, it } from 'vitest';
import type { Plan } from './plan';
import { planIntentFor, readPlanIntent, resolvePlanIntent, withPlanIntent } from './plan-intent';

const plan = (id: string, monthly: number, projectLimit: number, longer = true): Plan => ({
	id,
	name: id,
	description: null,
	price: monthly,
	projectLimit,
	popular: false,
	features: [],
	pricing:
		monthly > 0
			? {
					monthly: { amount: monthly, price_id: null, period: 'month', interval_count: 1 },
					...(longer ? { yearly: { amount: monthly * 10, price_id: null, period: 'year', interval_count: 1 } } : {}),
				}
			: {},
});

const FREE = plan('free', 0, 0);
const PRO = plan('pro', 39, 3);
const MONTHLY_ONLY = plan('lite', 9, 1, false);
const NO_PROJECTS = plan('addon', 5, 0);
const PLANS = [FREE, PRO, MONTHLY_ONLY, NO_PROJECTS];

const read = (query: string) => readPlanIntent(new URLSearchParams(query));

describe('readPlanIntent', () => {
	it('reads a plan and a known period', () => {
		expect(read('plan=pro&period=yearly')).toEqual({ planId: 'pro', period: 'yearly' });
		expect(read('mode=register&plan=team-plus_2&period=quarterly')).toEqual({ planId: 'team-plus_2', period: 'quarterly' });
	});

	it('ignores an unknown or missing period', () => {
		expect(read('plan=pro&period=weekly')).toBeNull();
		expect(read('plan=pro')).toBeNull();
		expect(read('plan=pro&period=Monthly')).toBeNull();
	});

	it('ignores a missing or malformed plan id', () => {
		expect(read('period=monthly')).toBeNull();
		expect(read('plan=&period=monthly')).toBeNull();
		expect(read('plan=-pro&period=monthly')).toBeNull();
		expect(read('plan=pro%20plan&period=monthly')).toBeNull();
		expect(read('plan=..%2Fadmin&period=monthly')).toBeNull();
		expect(read(`plan=${'a'.repeat(65)}&period=monthly`)).toBeNull();
		expect(read(`plan=${'a'.repeat(64)}&period=monthly`)).toEqual({ planId: 'a'.repeat(64), period: 'monthly' });
	});
});

describe('withPlanIntent', () => {
	it('appends the intent to a path with or without a query', () => {
		expect(withPlanIntent('/auth', { planId: 'pro', period: 'monthly' })).toBe('/auth?plan=pro&period=monthly');
		expect(withPlanIntent('/auth?mode=register', { planId: 'pro', period: 'yearly' })).toBe('/auth?mode=register&plan=pro&period=yearly');
	});

	it('leaves the path alone without an intent', () => {
		expect(withPlanIntent('/onboarding', null)).toBe('/onboarding');
	});

	it('round-trips through readPlanIntent', () => {
		const intent = { planId: 'business', period: 'quarterly' } as const;
		expect(readPlanIntent(new URL(withPlanIntent('/verify-email', intent), 'https://portal.example').searchParams)).toEqual(intent);
	});
});

describe('planIntentFor', () => {
	it('carries the plan in the period its card shows', () => {
		expect(planIntentFor(PRO, 'yearly')).toEqual({ planId: 'pro', period: 'yearly' });
		// A plan sold only monthly shows (and is bought) monthly whatever the switch says.
		expect(planIntentFor(MONTHLY_ONLY, 'quarterly')).toEqual({ planId: 'lite', period: 'monthly' });
	});

	it('carries nothing for a plan there is nothing to buy in', () => {
		expect(planIntentFor(FREE, 'monthly')).toBeNull();
		expect(planIntentFor(NO_PROJECTS, 'monthly')).toBeNull();
	});
});

describe('resolvePlanIntent', () => {
	it('finds an active plan sold in the period', () => {
		expect(resolvePlanIntent({ planId: 'pro', period: 'yearly' }, PLANS)).toEqual({ plan: PRO, period: 'yearly' });
	});

	it('ignores an unknown plan, a period the plan is not sold in and plans without projects', () => {
		expect(resolvePlanIntent({ planId: 'platinum', period: 'monthly' }, PLANS)).toBeNull();
		expect(resolvePlanIntent({ planId: 'pro', period: 'quarterly' }, PLANS)).toBeNull();
		expect(resolvePlanIntent({ planId: 'lite', period: 'yearly' }, PLANS)).toBeNull();
		expect(resolvePlanIntent({ planId: 'free', period: 'monthly' }, PLANS)).toBeNull();
		expect(resolvePlanIntent({ planId: 'addon', period: 'monthly' }, PLANS)).toBeNull();
		expect(resolvePlanIntent(null, PLANS)).toBeNull();
	});
});
