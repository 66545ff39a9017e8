import { describe, expect, it } from 'vitest';
import { checkoutReturnUrl, completedCheckoutDestination } from '../../../../features/billing/lib/checkout-urls';
import { isPaymentReturn, PAYMENT_RETURN_PATH } from './payment-return';

const ORIGIN = 'https://portal.example';

describe('the payment step return URL', () => {
	it('is the onboarding page at step 4 with success, the session id appended by the checkout', () => {
		expect(PAYMENT_RETURN_PATH).toBe('/onboarding?step=4&success=true');
		expect(checkoutReturnUrl(ORIGIN, PAYMENT_RETURN_PATH)).toBe('https://portal.example/onboarding?step=4&success=true&session_id={CHECKOUT_SESSION_ID}');
	});

	it('is recognised once the paid checkout sends the customer back', () => {
		const destination = completedCheckoutDestination(checkoutReturnUrl(ORIGIN, PAYMENT_RETURN_PATH), 'cs_test_1', ORIGIN);
		expect(destination).toEqual({ kind: 'internal', path: '/onboarding?step=4&success=true&session_id=cs_test_1' });
		const query = new URL(destination.kind === 'internal' ? destination.path : '', ORIGIN).searchParams;
		expect(isPaymentReturn(query)).toBe(true);
	});

	it('needs both step=4 and success=true', () => {
		expect(isPaymentReturn(new URLSearchParams('step=4'))).toBe(false);
		expect(isPaymentReturn(new URLSearchParams('success=true'))).toBe(false);
		expect(isPaymentReturn(new URLSearchParams('step=3&success=true'))).toBe(false);
		expect(isPaymentReturn(new URLSearchParams('step=4&success=false'))).toBe(false);
		expect(isPaymentReturn(new URLSearchParams('plan=pro&period=monthly'))).toBe(false);
	});
});
