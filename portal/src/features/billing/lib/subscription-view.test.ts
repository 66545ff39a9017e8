import type { Subscription } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { describeSubscription, hasBillingAccount, isCurrentSubscription } from './subscription-view';

const END = '2026-04-01T00:00:00.000Z';

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
	id: 'sub_1',
	status: 'active',
	period: 'monthly',
	plan: { id: 'pro', name: 'Pro', price_monthly: 39, project_limit: 3 },
	current_period_start: '2026-03-01T00:00:00.000Z',
	current_period_end: END,
	cancel_at_period_end: false,
	created_at: '2026-03-01T00:00:00.000Z',
	updated_at: null,
	...overrides,
});

describe('describeSubscription', () => {
	it('active: green, renews on the period end, Cancel and billing portal offered', () => {
		expect(describeSubscription(subscription())).toEqual({
			badge: { label: 'active', palette: 'green' },
			dateLine: { kind: 'renews', date: END },
			warning: null,
			canceling: false,
			canCancel: true,
			canReactivate: false,
			canOpenPortal: true,
		});
	});

	it('cancel at period end: canceling until the end date, only Reactivate', () => {
		expect(describeSubscription(subscription({ cancel_at_period_end: true }))).toEqual({
			badge: { label: 'canceling', palette: 'orange' },
			dateLine: { kind: 'cancels', date: END },
			warning: null,
			canceling: true,
			canCancel: false,
			canReactivate: true,
			canOpenPortal: false,
		});
	});

	it('past_due: red with a warning, no Cancel, the billing portal to fix the card', () => {
		expect(describeSubscription(subscription({ status: 'past_due' }))).toMatchObject({
			badge: { label: 'past_due', palette: 'red' },
			dateLine: { kind: 'periodEnds', date: END },
			warning: 'pastDue',
			canCancel: false,
			canReactivate: false,
			canOpenPortal: true,
		});
	});

	it('trialing is blue and behaves like active', () => {
		expect(describeSubscription(subscription({ status: 'trialing' }))).toMatchObject({
			badge: { label: 'trialing', palette: 'blue' },
			dateLine: { kind: 'renews' },
			canCancel: true,
		});
	});

	it('unpaid, incomplete and canceled', () => {
		expect(describeSubscription(subscription({ status: 'unpaid' }))).toMatchObject({ warning: 'unpaid', badge: { palette: 'red' } });
		expect(describeSubscription(subscription({ status: 'incomplete' }))).toMatchObject({
			warning: 'incomplete',
			badge: { palette: 'orange' },
			canOpenPortal: false,
		});
		expect(describeSubscription(subscription({ status: 'canceled', cancel_at_period_end: true }))).toMatchObject({
			badge: { label: 'canceled', palette: 'gray' },
			dateLine: { kind: 'ended', date: END },
			canceling: false,
			canReactivate: false,
			canCancel: false,
		});
	});

	it('shows no date when the period end is unknown', () => {
		expect(describeSubscription(subscription({ current_period_end: null })).dateLine).toEqual({ kind: 'none' });
		expect(describeSubscription(subscription({ current_period_end: null, cancel_at_period_end: true })).dateLine).toEqual({
			kind: 'none',
		});
	});
});

describe('isCurrentSubscription and hasBillingAccount', () => {
	it('count active, trialing and past_due as current; unpaid only has a billing account', () => {
		expect(['active', 'trialing', 'past_due'].every((status) => isCurrentSubscription(subscription({ status } as Partial<Subscription>)))).toBe(true);
		expect(isCurrentSubscription(subscription({ status: 'unpaid' }))).toBe(false);
		expect(hasBillingAccount(subscription({ status: 'unpaid' }))).toBe(true);
		expect(hasBillingAccount(subscription({ status: 'incomplete' }))).toBe(false);
		expect(isCurrentSubscription(null)).toBe(false);
		expect(hasBillingAccount(undefined)).toBe(false);
	});
});
