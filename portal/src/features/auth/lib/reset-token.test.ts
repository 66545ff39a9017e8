import { describe, expect, it } from 'vitest';
import { isResetTokenExpired } from './reset-token';

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const token = (payload: object) => `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;

describe('isResetTokenExpired', () => {
	const now = new Date('2026-01-01T00:00:00Z');

	it('accepts a token that expires later', () => {
		expect(isResetTokenExpired(token({ exp: now.getTime() / 1000 + 60 }), now)).toBe(false);
	});

	it('rejects a token that has expired', () => {
		expect(isResetTokenExpired(token({ exp: now.getTime() / 1000 - 1 }), now)).toBe(true);
	});

	it('rejects something that is not a JWT', () => {
		expect(isResetTokenExpired('not-a-token', now)).toBe(true);
	});

	it('leaves a token without an expiry to the server', () => {
		expect(isResetTokenExpired(token({ scope: 'password-reset' }), now)).toBe(false);
	});
});
