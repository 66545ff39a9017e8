import { describe, expect, it } from 'vitest';
import {
	checkoutReturnState,
	checkoutReturnUrl,
	completedCheckoutDestination,
	destinationOf,
	readCheckoutOutcome,
	readCheckoutTarget,
	withoutCheckoutOutcome,
} from './checkout-urls';

const ORIGIN = 'https://portal.example.com';

describe('checkoutReturnUrl', () => {
	it('is absolute, on /subscription/return, with the placeholder unescaped', () => {
		expect(checkoutReturnUrl(ORIGIN)).toBe('https://portal.example.com/subscription/return?session_id={CHECKOUT_SESSION_ID}');
	});

	it('appends to a path that has its own query', () => {
		expect(checkoutReturnUrl(ORIGIN, '/onboarding?step=4&success=true')).toBe('https://portal.example.com/onboarding?step=4&success=true&session_id={CHECKOUT_SESSION_ID}');
	});
});

describe('completedCheckoutDestination and destinationOf', () => {
	it('fills in the session id and stays in the app for our own origin', () => {
		expect(completedCheckoutDestination(checkoutReturnUrl(ORIGIN), 'cs_1 2', ORIGIN)).toEqual({
			kind: 'internal',
			path: '/subscription/return?session_id=cs_1%202',
		});
	});

	it('routes relative URLs in the app and leaves other origins to the browser', () => {
		expect(destinationOf('/billing-portal', ORIGIN)).toEqual({ kind: 'internal', path: '/billing-portal' });
		expect(destinationOf('https://billing.stripe.com/p/session/x', ORIGIN)).toEqual({
			kind: 'external',
			href: 'https://billing.stripe.com/p/session/x',
		});
	});
});

describe('checkout outcome query', () => {
	it('reads success and canceled, success first', () => {
		expect(readCheckoutOutcome(new URLSearchParams('success=true'))).toBe('success');
		expect(readCheckoutOutcome(new URLSearchParams('canceled=true'))).toBe('canceled');
		expect(readCheckoutOutcome(new URLSearchParams('success=false'))).toBeNull();
		expect(readCheckoutOutcome(new URLSearchParams(''))).toBeNull();
	});

	it('removes only the outcome flags', () => {
		expect(withoutCheckoutOutcome(new URLSearchParams('success=true&canceled=true&tab=plans')).toString()).toBe('tab=plans');
	});
});

describe('readCheckoutTarget', () => {
	it('reads the plan and period, monthly by default', () => {
		expect(readCheckoutTarget(new URLSearchParams('plan=pro&period=yearly'))).toEqual({ planId: 'pro', period: 'yearly' });
		expect(readCheckoutTarget(new URLSearchParams('plan=pro'))).toEqual({ planId: 'pro', period: 'monthly' });
	});

	it('is null without a plan or with an unknown period', () => {
		expect(readCheckoutTarget(new URLSearchParams('period=yearly'))).toBeNull();
		expect(readCheckoutTarget(new URLSearchParams('plan=%20'))).toBeNull();
		expect(readCheckoutTarget(new URLSearchParams('plan=pro&period=weekly'))).toBeNull();
	});
});

describe('checkoutReturnState', () => {
	it('is complete, open, or expired for anything else', () => {
		expect(checkoutReturnState('complete')).toBe('complete');
		expect(checkoutReturnState('open')).toBe('open');
		expect(checkoutReturnState('expired')).toBe('expired');
		expect(checkoutReturnState('something-new')).toBe('expired');
	});
});
