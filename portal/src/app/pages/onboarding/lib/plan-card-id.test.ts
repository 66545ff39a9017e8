import { describe, expect, it } from 'vitest';
import { parsePlanCardId, planCardId } from './plan-card-id';

describe('plan card ids', () => {
	it('takes the period from the last dash-separated part', () => {
		expect(parsePlanCardId('pro-monthly')).toEqual({ planId: 'pro', period: 'monthly' });
		expect(parsePlanCardId('team-plus-yearly')).toEqual({ planId: 'team-plus', period: 'yearly' });
	});

	it('round-trips a composed id', () => {
		expect(parsePlanCardId(planCardId('business-2', 'quarterly'))).toEqual({ planId: 'business-2', period: 'quarterly' });
	});

	it('refuses an id without a period or without a plan', () => {
		expect(parsePlanCardId('pro')).toBeNull();
		expect(parsePlanCardId('pro-weekly')).toBeNull();
		expect(parsePlanCardId('-monthly')).toBeNull();
		expect(parsePlanCardId('')).toBeNull();
	});
});
