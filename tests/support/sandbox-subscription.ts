/**
 * A paid subscription through the sandbox's embedded checkout, over the API, as the portal's payment
 * step makes it: checkout session, card confirmed, and the subscription then reads `active`.
 * Every step is checked, so a test built on it never runs on a customer without one.
 */
import type { CheckoutSessionCreated, Subscription } from '@epic/platform-api';
import { expect } from 'vitest';
import type { RenewalOutcome } from '../../extensions/platform/src/lib/billing/sandbox/sandbox-renewals.ts';
import { api, type Data } from './api.ts';
import type { TestCustomer } from './customers.ts';

/** The sandbox's card that always succeeds. */
export const SANDBOX_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder: 'Test Holder' };

/**
 * `POST /stripe/sandbox/advance-clock` (staff, with BILLING_SANDBOX_CLOCK_CONTROL): the sandbox's new
 * time and what the subscription sync it runs did (billing-routes.ts; the route exists only with the
 * sandbox, so its renewals are always there).
 */
export interface SandboxClockAdvanced {
	now: string;
	resynced: number;
	renewals: RenewalOutcome;
}

/** What a customer without a subscription gets from `POST /stripe/create-checkout-session`: a checkout, never a change in place. */
export type CheckoutStarted = Extract<CheckoutSessionCreated, { kind: 'checkout' }>;

export async function subscribeInSandbox(customer: TestCustomer, plan = 'pro', payerEmail = 'payer@example.com'): Promise<void> {
	const checkout = await api<Data<CheckoutStarted>>('POST', '/stripe/create-checkout-session', {
		token: customer.token,
		body: { plan_id: plan, period: 'monthly', ui_mode: 'embedded' },
	});
	expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
	const paid = await api('POST', '/stripe/sandbox/confirm', {
		token: customer.token,
		body: { session_id: checkout.body.data.id, ...SANDBOX_CARD, email: payerEmail },
	});
	expect(paid.status, JSON.stringify(paid.body)).toBe(200);
	const subscription = await api<Data<Subscription>>('GET', '/stripe/subscription', { token: customer.token });
	expect(subscription.body.data).toMatchObject({ status: 'active', plan: { id: plan } });
}
