import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime } from './backup-format';

describe('formatBytes', () => {
	it('picks the largest unit that keeps the number at least 1', () => {
		expect(formatBytes(0, 'en')).toBe('0 bytes');
		expect(formatBytes(999, 'en')).toBe('999 bytes');
		expect(formatBytes(1000, 'en')).toBe('1 kB');
		expect(formatBytes(2_450_000, 'en')).toBe('2.5 MB');
		expect(formatBytes(3_200_000_000, 'en')).toBe('3.2 GB');
		expect(formatBytes(3_200_000_000_000, 'en')).toBe('3,200 GB');
	});

	it("writes the number the reader's way", () => {
		expect(formatBytes(2_450_000, 'ru')).toBe('2,5 МБ');
	});
});

describe('formatDateTime', () => {
	it('refuses what is not a date', () => {
		expect(formatDateTime('not a date', 'en')).toBeNull();
	});
});
