import { describe, expect, it } from 'vitest';
import { allowsNewProjects, isServingStatus, projectAllowanceFrom, SERVING_SUBSCRIPTION_STATUSES } from './subscription-rules.ts';

describe('projectAllowanceFrom', () => {
	it('allows what the plan leaves', () => {
		expect(projectAllowanceFrom(3, 1, true)).toEqual({ allowed: true, limit: 3, used: 1, remaining: 2 });
		expect(projectAllowanceFrom(3, 3, true)).toEqual({ allowed: false, limit: 3, used: 3, remaining: 0 });
	});

	it('treats 999 as unlimited however many projects exist', () => {
		expect(projectAllowanceFrom(999, 40, true)).toEqual({ allowed: true, limit: 999, used: 40, remaining: null });
		for (const used of [0, 998, 999, 5000]) expect(projectAllowanceFrom(999, used, true)).toMatchObject({ allowed: true, remaining: null });
	});

	it('allows nothing on a plan without projects or without a subscription that allows new ones', () => {
		expect(projectAllowanceFrom(0, 0, true).allowed).toBe(false);
		expect(projectAllowanceFrom(999, 0, false)).toEqual({ allowed: false, limit: 0, used: 0, remaining: 0 });
	});
});

describe('subscription statuses', () => {
	it('lets active and trialing subscriptions create projects, not past_due or none', () => {
		expect(allowsNewProjects('active')).toBe(true);
		expect(allowsNewProjects('trialing')).toBe(true);
		expect(allowsNewProjects('past_due')).toBe(false);
		expect(allowsNewProjects(null)).toBe(false);
	});

	it('serves sites while active, trialing or past due, and not once unpaid, canceled or incomplete', () => {
		expect([...SERVING_SUBSCRIPTION_STATUSES].sort()).toEqual(['active', 'past_due', 'trialing']);
		for (const status of ['unpaid', 'canceled', 'incomplete', null]) expect(isServingStatus(status)).toBe(false);
		expect(isServingStatus('past_due')).toBe(true);
	});
});
