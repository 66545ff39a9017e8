import { describe, expect, it } from 'vitest';
import { allowanceFrom, subscriptionCounts } from './project-allowance.ts';

describe('allowanceFrom', () => {
	it('allows what the plan leaves', () => {
		expect(allowanceFrom(3, 1, true)).toEqual({ allowed: true, limit: 3, used: 1, remaining: 2 });
		expect(allowanceFrom(3, 3, true)).toEqual({ allowed: false, limit: 3, used: 3, remaining: 0 });
	});

	it('treats 999 as unlimited', () => {
		expect(allowanceFrom(999, 40, true)).toEqual({ allowed: true, limit: 999, used: 40, remaining: null });
	});

	it('allows nothing on a free plan or without a subscription that counts', () => {
		expect(allowanceFrom(0, 0, true).allowed).toBe(false);
		expect(allowanceFrom(999, 0, false)).toEqual({ allowed: false, limit: 0, used: 0, remaining: 0 });
	});
});

describe('subscriptionCounts', () => {
	it('lets active and trialing subscriptions create projects, not past_due or none', () => {
		expect(subscriptionCounts({ status: 'active' })).toBe(true);
		expect(subscriptionCounts({ status: 'trialing' })).toBe(true);
		expect(subscriptionCounts({ status: 'past_due' })).toBe(false);
		expect(subscriptionCounts(null)).toBe(false);
	});

	it('keeps 999 unlimited however many projects exist', () => {
		for (const used of [0, 998, 999, 5000]) expect(allowanceFrom(999, used, true)).toMatchObject({ allowed: true, remaining: null });
	});
});
