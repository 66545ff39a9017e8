import { describe, expect, it } from 'vitest';
import {
	billingConfigSchema,
	billingPortalSessionSchema,
	checkoutSessionCreatedSchema,
	checkoutSessionSchema,
	paymentListSchema,
	sandboxPortalSchema,
	subscriptionSchema,
} from './billing.ts';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

const subscription = {
	id: 'sub_1',
	status: 'active',
	period: 'yearly',
	plan: { id: 'pro', name: 'Pro', price_monthly: 39, project_limit: 3 },
	current_period_start: null,
	current_period_end: '2027-01-01T00:00:00.000Z',
	cancel_at_period_end: false,
	created_at: '2026-01-01T00:00:00.000Z',
	updated_at: null,
};

const session = { id: 'cs_1', status: 'open', customer_email: null, plan_id: 'pro', period: 'monthly', amount: 39 };

describe('billing answer schemas', () => {
	it('accept answers shaped as the contract says', () => {
		expect(accepts(billingConfigSchema, { provider: 'sandbox', publishableKey: null })).toBe(true);
		expect(accepts(subscriptionSchema, subscription)).toBe(true);
		expect(accepts(checkoutSessionCreatedSchema, { kind: 'checkout', id: 'cs_1', client_secret: 'secret' })).toBe(true);
		expect(accepts(checkoutSessionCreatedSchema, { kind: 'changed', subscription })).toBe(true);
		expect(accepts(checkoutSessionSchema, session)).toBe(true);
		expect(
			accepts(sandboxPortalSchema, {
				subscription,
				card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, cardholder: 'Ada' },
				invoices: [
					{
						id: 'in_1',
						date: '2026-01-01',
						amount: 39,
						status: 'paid',
						plan_name: 'Pro',
						period: 'monthly',
						period_start: '2026-01-01',
						period_end: '2026-02-01',
					},
				],
			}),
		).toBe(true);
		expect(accepts(sandboxPortalSchema, { subscription: null, card: null, invoices: [] })).toBe(true);
		expect(accepts(billingPortalSessionSchema, { url: 'https://billing.example/session' })).toBe(true);
		expect(accepts(paymentListSchema, [{ id: 'in_1', date: '2026-01-01', amount: 39, currency: 'usd', description: null, period_start: null, period_end: null }])).toBe(true);
	});

	it('refuse what is not', () => {
		expect(accepts(billingConfigSchema, { provider: 'paypal', publishableKey: null })).toBe(false);
		expect(accepts(subscriptionSchema, { ...subscription, status: 'paused' })).toBe(false);
		expect(accepts(subscriptionSchema, { ...subscription, period: 'weekly' })).toBe(false);
		expect(accepts(checkoutSessionCreatedSchema, { id: 'cs_1', client_secret: 'secret' })).toBe(false);
		expect(accepts(checkoutSessionCreatedSchema, { kind: 'changed', subscription: {} })).toBe(false);
		expect(accepts(checkoutSessionSchema, { id: 'cs_1', status: 'open' })).toBe(false);
		expect(accepts(sandboxPortalSchema, { subscription: null, card: null, invoices: [{ id: 'in_1' }] })).toBe(false);
		expect(accepts(sandboxPortalSchema, '<html>')).toBe(false);
		expect(accepts(billingPortalSessionSchema, { url: '' })).toBe(false);
		expect(accepts(paymentListSchema, [{ id: 'in_1', date: '2026-01-01', amount: '39', currency: 'usd', description: null, period_start: null, period_end: null }])).toBe(false);
	});

	it('read a checkout status they do not know as text: the return page takes it for expired', () => {
		expect(checkoutSessionSchema.parse({ ...session, status: 'processing' }).status).toBe('processing');
		expect(accepts(checkoutSessionSchema, { ...session, status: null })).toBe(false);
	});

	it('read a subscription without updated_at as never updated', () => {
		const { updated_at: _updatedAt, ...bare } = subscription;
		expect(subscriptionSchema.parse(bare).updated_at).toBeNull();
	});
});
