import { describe, expect, it } from 'vitest';
import { checkConfirmation, checkEmail, checkNewPassword, checkRequired, collectErrors } from './validation';

describe('auth form validation', () => {
	it('requires a non-blank value', () => {
		expect(checkRequired('  ')).toBe('required');
		expect(checkRequired('a')).toBeNull();
	});

	it('checks the email shape', () => {
		expect(checkEmail('')).toBe('required');
		expect(checkEmail('jane@')).toBe('email');
		expect(checkEmail(' jane@example.com ')).toBeNull();
	});

	it('enforces the 8 character minimum on new passwords', () => {
		expect(checkNewPassword('1234567')).toBe('passwordTooShort');
		expect(checkNewPassword('12345678')).toBeNull();
	});

	it('requires the confirmation to match', () => {
		expect(checkConfirmation('12345678', '12345679')).toBe('passwordsMismatch');
		expect(checkConfirmation('12345678', '12345678')).toBeNull();
	});

	it('collects only failed fields', () => {
		expect(collectErrors({ email: 'email', password: null })).toEqual({ email: 'email' });
	});
});
