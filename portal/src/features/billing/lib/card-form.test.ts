import { describe, expect, it } from 'vitest';
import { cardFormErrorKey, checkCardNumber, checkCvc, checkExpiry, formatCardNumber, formatCvc, formatExpiry, validateCardForm } from './card-form';

const MARCH_2026 = new Date(2026, 2, 15);

describe('formatCardNumber', () => {
	it('groups digits by four and drops anything else', () => {
		expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
		expect(formatCardNumber('4242-4242 42a')).toBe('4242 4242 42');
		expect(formatCardNumber('4242')).toBe('4242');
		expect(formatCardNumber('')).toBe('');
	});

	it('stops at 19 digits', () => {
		expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
	});
});

describe('formatExpiry and formatCvc', () => {
	it('writes MM/YY once the year starts', () => {
		expect(formatExpiry('1')).toBe('1');
		expect(formatExpiry('12')).toBe('12');
		expect(formatExpiry('123')).toBe('12/3');
		expect(formatExpiry('12/34')).toBe('12/34');
		expect(formatExpiry('1234567')).toBe('12/34');
	});

	it('keeps up to four CVC digits', () => {
		expect(formatCvc('12a345')).toBe('1234');
	});
});

describe('checkExpiry', () => {
	it('accepts the current month and later', () => {
		expect(checkExpiry('03/26', MARCH_2026)).toBeNull();
		expect(checkExpiry('12/30', MARCH_2026)).toBeNull();
	});

	it('refuses past months', () => {
		expect(checkExpiry('02/26', MARCH_2026)).toBe('expiryPast');
		expect(checkExpiry('12/25', MARCH_2026)).toBe('expiryPast');
	});

	it('refuses malformed values and impossible months', () => {
		expect(checkExpiry('', MARCH_2026)).toBe('required');
		expect(checkExpiry('1/26', MARCH_2026)).toBe('expiryInvalid');
		expect(checkExpiry('13/26', MARCH_2026)).toBe('expiryInvalid');
		expect(checkExpiry('00/27', MARCH_2026)).toBe('expiryInvalid');
		expect(checkExpiry('0326', MARCH_2026)).toBe('expiryInvalid');
	});
});

describe('checkCardNumber and checkCvc', () => {
	it('accept 12 to 19 digits, spaces allowed', () => {
		expect(checkCardNumber('4242 4242 4242 4242')).toBeNull();
		expect(checkCardNumber('')).toBe('required');
		expect(checkCardNumber('4242 4242 424')).toBe('cardNumber');
		expect(checkCardNumber('4242-4242-4242-4242')).toBe('cardNumber');
	});

	it('accept three or four CVC digits', () => {
		expect(checkCvc('123')).toBeNull();
		expect(checkCvc('1234')).toBeNull();
		expect(checkCvc('12')).toBe('cvc');
		expect(checkCvc(' ')).toBe('required');
	});
});

describe('validateCardForm', () => {
	it('lists only the failing fields', () => {
		const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardholder: 'Ada Lovelace', email: 'ada@example.com' };
		expect(validateCardForm(valid, MARCH_2026)).toEqual({});
		expect(validateCardForm({ ...valid, cardholder: '  ', email: 'ada@' }, MARCH_2026)).toEqual({ cardholder: 'required', email: 'email' });
	});

	it('names shared failures under validation.* and card ones under billing.card.errors.*', () => {
		expect(cardFormErrorKey('required')).toBe('validation.required');
		expect(cardFormErrorKey('expiryPast')).toBe('billing.card.errors.expiryPast');
	});
});
