import { describe, expect, it } from 'vitest';
import { formatCardExpiry, formatDate, maskKey } from './format';

describe('formatDate', () => {
	it('formats ISO dates in the given language and refuses what does not parse', () => {
		expect(formatDate('2026-04-01T12:00:00.000Z', 'en')).toBe('April 1, 2026');
		expect(formatDate('not a date', 'en')).toBeNull();
		expect(formatDate(null, 'en')).toBeNull();
	});
});

describe('formatCardExpiry', () => {
	it('pads month and year', () => {
		expect(formatCardExpiry(4, 2031)).toBe('04/31');
		expect(formatCardExpiry(12, 2005)).toBe('12/05');
	});
});

describe('maskKey', () => {
	it('keeps only the first 20 characters', () => {
		expect(maskKey('pk_test_51ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe('pk_test_51ABCDEFGHIJ…');
		expect(maskKey('pk_short')).toBe('pk_short');
		expect(maskKey(null)).toBeNull();
	});
});
