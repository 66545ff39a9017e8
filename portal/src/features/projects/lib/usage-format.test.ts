import { describe, expect, it } from 'vitest';
import { busiestDay, changeDirection, formatChange, formatCount, formatDay } from './usage-format';

describe('usage format', () => {
	it('writes counts and changes in the reader language', () => {
		expect(formatCount(12345, 'en')).toBe('12,345');
		expect(formatCount(0, 'en')).toBe('0');
		expect(formatChange(12.5, 'en')).toBe('+12.5%');
		expect(formatChange(-40, 'en')).toBe('-40%');
		expect(formatChange(0, 'en')).toBe('0%');
		expect(formatChange(250, 'en')).toBe('+250%');
	});

	it('writes a day as the UTC day it is', () => {
		expect(formatDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
	});

	it('finds the busiest day, the earliest of equals, and none without requests', () => {
		const daily = [
			{ day: '2026-03-01', requests: 0 },
			{ day: '2026-03-02', requests: 4 },
			{ day: '2026-03-03', requests: 4 },
			{ day: '2026-03-04', requests: 1 },
		];
		expect(busiestDay(daily)).toEqual({ day: '2026-03-02', requests: 4 });
		expect(busiestDay(daily.map((entry) => ({ ...entry, requests: 0 })))).toBeNull();
		expect(busiestDay([])).toBeNull();
	});

	it('names the direction of a change', () => {
		expect(changeDirection(3)).toBe('up');
		expect(changeDirection(-0.1)).toBe('down');
		expect(changeDirection(0)).toBe('flat');
	});
});
