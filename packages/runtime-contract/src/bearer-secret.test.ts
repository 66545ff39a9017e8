import { describe, expect, it } from 'vitest';
import { bearerSecretMatches } from './bearer-secret.ts';

const secret = 's'.repeat(40);

describe('bearerSecretMatches', () => {
	it('accepts only `Bearer <secret>`', () => {
		expect(bearerSecretMatches(`Bearer ${secret}`, secret)).toBe(true);
		expect(bearerSecretMatches(undefined, secret)).toBe(false);
		expect(bearerSecretMatches('', secret)).toBe(false);
		expect(bearerSecretMatches(secret, secret)).toBe(false);
		expect(bearerSecretMatches(`Basic ${secret}`, secret)).toBe(false);
		expect(bearerSecretMatches(`Bearer ${secret}x`, secret)).toBe(false);
		expect(bearerSecretMatches('Bearer ', secret)).toBe(false);
	});

	it('accepts nothing when no secret is configured', () => {
		expect(bearerSecretMatches('Bearer ', undefined)).toBe(false);
		expect(bearerSecretMatches('Bearer ', '')).toBe(false);
		expect(bearerSecretMatches('Bearer undefined', undefined)).toBe(false);
	});
});
