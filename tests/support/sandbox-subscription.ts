/**
 * A paid subscription through the sandbox's embedded checkout, over the API, as the portal's payment
 * step makes it: checkout session, card confirmed, and the subscription then reads `active`.
 * Every step is checked, so a test built on it never runs on a customer without one.
 */
import { expect } from 'vitest';
import { api } from './api.ts';
import type { TestCustomer } from './customers.ts';

/** The sandbox's card that always succeeds. */
export const SANDBOX_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder: 'Test Holder' };

export async function subscribeInSandbox(customer: TestCustomer, plan = 'pro', payerEmail = 'payer@example.com'): Promise<void> {
	const checkout = await api('POST', '/stripe/create-checkout-session', {
		token: customer.token,
		body: { plan_id: plan, period: 'monthly', ui_mode: 'embedded' },
	});
	expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
	const paid = await api('POST', '/stripe/sandbox/confirm', {
		token: customer.token,
		body: { session_id: checkout.body.data.id, ...SANDBOX_CARD, email: payerEmail },
	});
	expect(paid.status, JSON.stringify(paid.body)).toBe(200);
	const subscription = await api('GET', '/stripe/subscription', { token: customer.token });
	expect(subscription.body.data).toMatchObject({ status: 'active', plan: { id: plan } });
}
