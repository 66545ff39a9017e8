import { describe, expect, it } from 'vitest';
import commonPasswords from './common-passwords.json';
import { checkPasswordPolicy } from './password-policy.ts';

describe('checkPasswordPolicy', () => {
	it('ships the 10,000 most common passwords', () => {
		expect(commonPasswords).toHaveLength(10_000);
		expect(new Set(commonPasswords).size).toBe(10_000);
	});

	it.each(['abc', '1234567', 'seven77'])('refuses %s as too short', (password) => {
		expect(() => checkPasswordPolicy(password)).toThrow(expect.objectContaining({ code: 'PASSWORD_TOO_SHORT' }));
	});

	it.each(['password', 'baseball', 'iloveyou', 'PassWord1', 'FOOTBALL'])('refuses the common password %s whatever its case', (password) => {
		expect(() => checkPasswordPolicy(password)).toThrow(expect.objectContaining({ code: 'PASSWORD_TOO_COMMON' }));
	});

	it('refuses more than 256 characters', () => {
		expect(() => checkPasswordPolicy('x'.repeat(257))).toThrow(expect.objectContaining({ code: 'PASSWORD_TOO_LONG' }));
	});

	it('counts characters, not UTF-16 units', () => {
		expect(() => checkPasswordPolicy('🔑🔑🔑🔑')).toThrow(expect.objectContaining({ code: 'PASSWORD_TOO_SHORT' }));
		expect(() => checkPasswordPolicy('🔑'.repeat(256))).not.toThrow();
	});

	it('accepts an uncommon password of 8 or more characters', () => {
		expect(() => checkPasswordPolicy('plum-Otter-42')).not.toThrow();
		expect(() => checkPasswordPolicy('x'.repeat(256))).not.toThrow();
	});
});
