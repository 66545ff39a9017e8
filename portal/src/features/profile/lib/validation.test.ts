import { describe, expect, it } from 'vitest';
import { checkAvatarFile, checkPasswordChange } from './validation';

const MB = 1024 * 1024;

describe('password change checks', () => {
	it('accepts a new password of at least 8 characters that matches its confirmation', () => {
		expect(checkPasswordChange('12345678', '12345678')).toBeNull();
		expect(checkPasswordChange('a much longer password', 'a much longer password')).toBeNull();
	});

	it('refuses a confirmation that differs', () => {
		expect(checkPasswordChange('12345678', '12345679')).toBe('passwordMismatch');
		expect(checkPasswordChange('12345678', '')).toBe('passwordMismatch');
	});

	it('refuses a new password under 8 characters', () => {
		expect(checkPasswordChange('1234567', '1234567')).toBe('passwordTooShort');
		expect(checkPasswordChange('', '')).toBe('passwordTooShort');
	});

	it('reports the mismatch first when both rules fail', () => {
		expect(checkPasswordChange('short', 'other')).toBe('passwordMismatch');
	});
});

describe('avatar file checks', () => {
	it('accepts images up to 5 MB', () => {
		expect(checkAvatarFile({ type: 'image/png', size: 1024 })).toBeNull();
		expect(checkAvatarFile({ type: 'image/jpeg', size: 5 * MB })).toBeNull();
		expect(checkAvatarFile({ type: 'image/gif', size: 0 })).toBeNull();
	});

	it('refuses what is not an image', () => {
		expect(checkAvatarFile({ type: 'application/pdf', size: 1024 })).toBe('invalidFileType');
		expect(checkAvatarFile({ type: 'text/plain', size: 10 })).toBe('invalidFileType');
		expect(checkAvatarFile({ type: '', size: 10 })).toBe('invalidFileType');
	});

	it('refuses an image over 5 MB', () => {
		expect(checkAvatarFile({ type: 'image/png', size: 5 * MB + 1 })).toBe('fileTooLarge');
	});

	it('reports the type first when both rules fail', () => {
		expect(checkAvatarFile({ type: 'video/mp4', size: 50 * MB })).toBe('invalidFileType');
	});
});
