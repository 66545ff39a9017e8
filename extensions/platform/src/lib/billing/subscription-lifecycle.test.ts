import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '@epic/platform-api';
import { planChanged, transitionOf } from './subscription-lifecycle.ts';
import type { MirrorChange, MirroredSubscription } from './subscription-mirror.ts';

describe('transitionOf', () => {
	it('ends a serving subscription that becomes unpaid or canceled', () => {
		expect(transitionOf('active', 'canceled')).toBe('ended');
		expect(transitionOf('past_due', 'unpaid')).toBe('ended');
	});

	it('resumes one that serves again, and a new one that serves', () => {
		expect(transitionOf('unpaid', 'active')).toBe('resumed');
		expect(transitionOf(null, 'active')).toBe('resumed');
		expect(transitionOf(null, 'trialing')).toBe('resumed');
	});

	it('announces nothing for changes within a side or a first sighting of an ended one', () => {
		expect(transitionOf('active', 'past_due')).toBeNull();
		expect(transitionOf('unpaid', 'canceled')).toBeNull();
		expect(transitionOf(null, 'canceled')).toBeNull();
	});
});

describe('planChanged', () => {
	const row = (plan: string | null, status: SubscriptionStatus): MirroredSubscription => ({
		id: 'sub-1',
		user: 'user-1',
		plan,
		payment_profile: null,
		status,
		period: 'monthly',
		current_period_start: null,
		current_period_end: null,
		cancel_at_period_end: false,
		stripe_subscription_id: 'sub_1',
		date_created: '2026-11-01T00:00:00Z',
		date_updated: null,
	});
	const change = (before: MirroredSubscription | null, after: MirroredSubscription): MirrorChange => ({ before, after });

	it('sees a serving subscription move to another plan, or start on one', () => {
		expect(planChanged(change(row('pro', 'active'), row('business', 'active')))).toBe(true);
		expect(planChanged(change(row('pro', 'active'), row('starter', 'past_due')))).toBe(true);
		expect(planChanged(change(null, row('pro', 'active')))).toBe(true);
	});

	it('sees none on the same plan, on an ended subscription or without a plan', () => {
		expect(planChanged(change(row('pro', 'active'), row('pro', 'past_due')))).toBe(false);
		expect(planChanged(change(row('pro', 'active'), row('business', 'canceled')))).toBe(false);
		expect(planChanged(change(row('pro', 'active'), row(null, 'active')))).toBe(false);
	});
});
