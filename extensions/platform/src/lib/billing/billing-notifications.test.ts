import { describe, expect, it } from 'vitest';
import { billingNotificationFor } from './billing-notifications.ts';
import type { MirroredSubscription } from './subscription-mirror.ts';

const row = (changes: Partial<MirroredSubscription>): MirroredSubscription => ({
	id: 'row',
	user: 'u',
	plan: 'pro',
	payment_profile: null,
	status: 'active',
	period: 'monthly',
	current_period_start: null,
	current_period_end: '2027-01-15T00:00:00.000Z',
	cancel_at_period_end: false,
	stripe_subscription_id: 'sub',
	date_created: '2026-12-15T00:00:00Z',
	date_updated: null,
	...changes,
});

const now = new Date('2026-12-20T10:00:00.000Z');

describe('billingNotificationFor', () => {
	it('stores the kind of the change with the plan, and the end of the period for a cancellation', () => {
		expect(billingNotificationFor({ before: row({}), after: row({ status: 'past_due' }) }, 'Pro', now)).toEqual({
			user: 'u',
			kind: 'payment_failed',
			params: { plan: 'pro', plan_name: 'Pro' },
		});
		expect(billingNotificationFor({ before: row({}), after: row({ cancel_at_period_end: true }) }, 'Pro', now)).toEqual({
			user: 'u',
			kind: 'subscription_canceling',
			params: { plan: 'pro', plan_name: 'Pro', date: '2027-01-15T00:00:00.000Z' },
		});
		expect(billingNotificationFor({ before: row({ cancel_at_period_end: true }), after: row({}) }, 'Pro', now)).toEqual({
			user: 'u',
			kind: 'subscription_reactivated',
			params: { plan: 'pro', plan_name: 'Pro', date: '2027-01-15T00:00:00.000Z' },
		});
		expect(billingNotificationFor({ before: row({ status: 'past_due' }), after: row({ status: 'unpaid' }) }, 'Pro', now)).toEqual({
			user: 'u',
			kind: 'subscription_ended',
			params: { plan: 'pro', plan_name: 'Pro' },
		});
	});

	it('falls back to the plan id for a plan without a row, and to now for a missing period end', () => {
		const change = { before: row({}), after: row({ cancel_at_period_end: true, current_period_end: null }) };
		expect(billingNotificationFor(change, null, now)?.params).toEqual({ plan: 'pro', plan_name: 'pro', date: now.toISOString() });
	});

	it('stores nothing for a change without an email, or a subscription without a user', () => {
		expect(billingNotificationFor({ before: null, after: row({}) }, 'Pro', now)).toBeNull();
		expect(billingNotificationFor({ before: row({ status: 'past_due' }), after: row({ status: 'active' }) }, 'Pro', now)).toBeNull();
		expect(billingNotificationFor({ before: row({}), after: row({ status: 'past_due', user: null }) }, 'Pro', now)).toBeNull();
	});
});
