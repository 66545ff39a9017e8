import type { Subscription } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { createBlock, projectUsage } from './project-allowance';

const subscription = (status: Subscription['status'], limit: number): Subscription => ({
	id: 'sub_1',
	status,
	period: 'monthly',
	plan: { id: 'pro', name: 'Pro', price_monthly: 39, project_limit: limit },
	current_period_start: null,
	current_period_end: '2027-01-01T00:00:00.000Z',
	cancel_at_period_end: false,
	created_at: '2026-01-01T00:00:00.000Z',
	updated_at: null,
});

describe('project allowance', () => {
	it('needs an active or trialing subscription', () => {
		expect(createBlock(null, 0)).toBe('noSubscription');
		expect(createBlock(subscription('past_due', 3), 0)).toBe('noSubscription');
		expect(createBlock(subscription('active', 3), 0)).toBeNull();
		expect(createBlock(subscription('trialing', 3), 0)).toBeNull();
	});

	it('refuses a plan without projects and a reached limit', () => {
		expect(createBlock(subscription('active', 0), 0)).toBe('noProjectsInPlan');
		expect(createBlock(subscription('active', 1), 1)).toBe('limitReached');
		expect(createBlock(subscription('active', 3), 2)).toBeNull();
	});

	it('reads 999 as unlimited', () => {
		expect(createBlock(subscription('active', 999), 5000)).toBeNull();
	});

	it('shows usage of the limit, or unlimited', () => {
		expect(projectUsage(1, 3)).toEqual({ key: 'limited', count: 1, limit: 3, percent: 33 });
		expect(projectUsage(3, 3)).toEqual({ key: 'limited', count: 3, limit: 3, percent: 100 });
		expect(projectUsage(7, 999)).toEqual({ key: 'unlimited', count: 7 });
	});
});
