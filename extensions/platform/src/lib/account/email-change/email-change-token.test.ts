import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signEmailChange, verifyEmailChange } from './email-change-token.ts';

const secret = 'a'.repeat(40);
const change = { user: 'u1', from: 'old@example.com', to: 'new@example.com' };

describe('email change token', () => {
	it('round-trips the change', () => {
		expect(verifyEmailChange(secret, signEmailChange(secret, change))).toEqual(change);
	});

	it.each([
		['another secret', () => signEmailChange('b'.repeat(40), change)],
		['an expired token', () => jwt.sign({ scope: 'email-change', ...change, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { issuer: 'epic-cms' })],
		['another scope (a password-reset token)', () => jwt.sign({ scope: 'password-reset', ...change }, secret, { issuer: 'epic-cms' })],
		['another issuer (a Directus token)', () => jwt.sign({ scope: 'email-change', ...change }, secret, { issuer: 'directus' })],
		['missing claims', () => jwt.sign({ scope: 'email-change', user: 'u1' }, secret, { issuer: 'epic-cms' })],
		['no token at all', () => 'not-a-token'],
	])('refuses %s as an invalid link', (_name, token) => {
		expect(() => verifyEmailChange(secret, token())).toThrow(expect.objectContaining({ code: 'INVALID_EMAIL_CHANGE_LINK' }));
	});
});
