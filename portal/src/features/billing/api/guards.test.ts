import { describe, expect, it } from 'vitest';
import { isBillingConfig, isCheckoutSession, isCheckoutSessionCreated, isSandboxPortal, isSubscription } from './guards';

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

describe('billing answer guards', () => {
  it('accept answers shaped as the contract says', () => {
    expect(isBillingConfig({ provider: 'sandbox', publishableKey: null })).toBe(true);
    expect(isSubscription(subscription)).toBe(true);
    expect(isCheckoutSessionCreated({ kind: 'checkout', id: 'cs_1', client_secret: 'secret' })).toBe(true);
    expect(isCheckoutSessionCreated({ kind: 'changed', subscription })).toBe(true);
    expect(
      isCheckoutSession({ id: 'cs_1', status: 'open', customer_email: null, plan_id: 'pro', period: 'monthly', amount: 39 }),
    ).toBe(true);
    expect(
      isSandboxPortal({
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
    expect(isSandboxPortal({ subscription: null, card: null, invoices: [] })).toBe(true);
  });

  it('refuse what is not', () => {
    expect(isBillingConfig({ provider: 'paypal', publishableKey: null })).toBe(false);
    expect(isSubscription({ ...subscription, status: 'paused' })).toBe(false);
    expect(isSubscription({ ...subscription, period: 'weekly' })).toBe(false);
    expect(isCheckoutSessionCreated({ id: 'cs_1', client_secret: 'secret' })).toBe(false);
    expect(isCheckoutSessionCreated({ kind: 'changed', subscription: {} })).toBe(false);
    expect(isCheckoutSession({ id: 'cs_1', status: 'open' })).toBe(false);
    expect(isSandboxPortal({ subscription: null, card: null, invoices: [{ id: 'in_1' }] })).toBe(false);
    expect(isSandboxPortal('<html>')).toBe(false);
  });
});
