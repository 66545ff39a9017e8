import { describe, expect, it } from 'vitest';
import { formatWhen } from './relative-time';

const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatWhen', () => {
	it('tells recent moments as a distance in the reader language', () => {
		expect(formatWhen(ago(20), now, 'en')).toBe('now');
		expect(formatWhen(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
		expect(formatWhen(ago(3 * 3600 + 59), now, 'ru')).toBe('3 часа назад');
		expect(formatWhen(ago(26 * 3600), now, 'es')).toBe('ayer');
	});

	it('tells older moments as a date, and nothing for a date that does not parse', () => {
		expect(formatWhen('2026-11-01T09:00:00.000Z', now, 'en')).toBe('Nov 1, 2026');
		expect(formatWhen('not a date', now, 'en')).toBeNull();
	});

	it('reads a moment slightly ahead of the clock as now', () => {
		expect(formatWhen(ago(-30), now, 'en')).toBe('now');
	});
});
