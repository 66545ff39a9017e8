import { describe, expect, it } from 'vitest';
import { billingEmailCopy } from './billing-email-copy.ts';
import { emailLanguageOf, formatEmailDate } from '../email/email-language.ts';
import { billingEmailFor } from './billing-emails.ts';
import type { MirroredSubscription } from './subscription-mirror.ts';

const row = (changes: Partial<MirroredSubscription>): MirroredSubscription => ({
	id: 'row',
	user: 'u',
	plan: 'pro',
	payment_profile: null,
	status: 'active',
	period: 'monthly',
	current_period_start: null,
	current_period_end: '2027-01-15T00:00:00Z',
	cancel_at_period_end: false,
	stripe_subscription_id: 'sub',
	date_created: '2026-12-15T00:00:00Z',
	date_updated: null,
	...changes,
});

describe('billingEmailFor', () => {
	it('picks the email a change calls for', () => {
		expect(billingEmailFor({ before: row({}), after: row({ status: 'past_due' }) })).toBe('payment_failed');
		expect(billingEmailFor({ before: row({}), after: row({ cancel_at_period_end: true }) })).toBe('canceling');
		expect(billingEmailFor({ before: row({ cancel_at_period_end: true }), after: row({}) })).toBe('reactivated');
		expect(billingEmailFor({ before: row({ cancel_at_period_end: true }), after: row({ status: 'canceled' }) })).toBe('ended');
		expect(billingEmailFor({ before: row({ status: 'past_due' }), after: row({ status: 'unpaid' }) })).toBe('ended');
	});

	it('sends nothing for a first sighting, a repeat or a recovery', () => {
		expect(billingEmailFor({ before: null, after: row({}) })).toBeNull();
		expect(billingEmailFor({ before: row({ status: 'past_due' }), after: row({ status: 'past_due' }) })).toBeNull();
		expect(billingEmailFor({ before: row({ cancel_at_period_end: true }), after: row({ cancel_at_period_end: true }) })).toBeNull();
		expect(billingEmailFor({ before: row({ status: 'past_due' }), after: row({ status: 'active' }) })).toBeNull();
	});
});

describe('billing email copy', () => {
	it('speaks the customer language, with the date formatted for it', () => {
		const date = new Date('2027-01-15T00:00:00Z');
		expect(billingEmailCopy('en', 'canceling', { plan: 'Pro', date: formatEmailDate('en', date) }).subject).toBe('Your Pro subscription ends on January 15, 2027');
		expect(billingEmailCopy('es', 'canceling', { plan: 'Pro', date: formatEmailDate('es', date) }).subject).toBe('Tu suscripción Pro termina el 15 de enero de 2027');
		expect(billingEmailCopy('ru', 'ended', { plan: 'Про', date: '' }).subject).toBe('Ваша подписка Про завершена');
		expect(emailLanguageOf('es-ES')).toBe('es');
		expect(emailLanguageOf('ru')).toBe('ru');
		expect(emailLanguageOf('de-DE')).toBe('en');
		expect(emailLanguageOf(null)).toBe('en');
	});
});
