import { describe, expect, it } from 'vitest';
import { formatMegabytes, storagePercent } from './storage-format';

const MIB = 1024 * 1024;

describe('storage format', () => {
	it("writes megabytes as the plans count them, in the reader's language", () => {
		expect(formatMegabytes(5120 * MIB, 'en')).toBe('5,120 MB');
		expect(formatMegabytes(1.25 * MIB, 'en')).toBe('1.3 MB');
		expect(formatMegabytes(12 * MIB, 'en')).toBe('12 MB');
		// Spanish groups thousands from five digits; Russian writes its own unit.
		expect(formatMegabytes(20480 * MIB, 'es')).toBe('20.480 MB');
		expect(formatMegabytes(1.5 * MIB, 'ru')).toBe('1,5 МБ');
	});

	it('gives the share of the quota used, stopping at full', () => {
		expect(storagePercent(0, 1024 * MIB)).toBe(0);
		expect(storagePercent(256 * MIB, 1024 * MIB)).toBe(25);
		expect(storagePercent(1 * MIB, 3 * MIB)).toBe(33.3);
		expect(storagePercent(1100 * MIB, 1024 * MIB)).toBe(100);
	});
});
