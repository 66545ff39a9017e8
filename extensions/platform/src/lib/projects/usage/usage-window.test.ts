import { describe, expect, it } from 'vitest';
import { usageWindow } from './usage-window.ts';

describe('usage window', () => {
	it('is the last 30 UTC days with today, after the 30 before them', () => {
		const window = usageWindow(new Date('2026-03-15T23:59:59.999Z'));
		expect(window.to).toBe('2026-03-15');
		expect(window.from).toBe('2026-02-14');
		expect(window.previousFrom).toBe('2026-01-15');
		expect(window.days).toHaveLength(30);
		expect(window.days[0]).toBe('2026-02-14');
		expect(window.days[29]).toBe('2026-03-15');
		expect(new Set(window.days).size).toBe(30);
	});

	it('starts a new day at midnight UTC, as the router counts', () => {
		// 00:30 on the 1st in UTC is still the 31st west of Greenwich, and already the 1st here.
		const window = usageWindow(new Date('2026-01-01T00:30:00Z'));
		expect(window.to).toBe('2026-01-01');
		expect(window.from).toBe('2025-12-03');
		expect(window.previousFrom).toBe('2025-11-03');
	});

	it('counts 29 February in a leap year', () => {
		expect(usageWindow(new Date('2024-03-01T12:00:00Z')).days.slice(-2)).toEqual(['2024-02-29', '2024-03-01']);
	});
});
