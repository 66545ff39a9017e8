import { describe, expect, it } from 'vitest';
import { remainingUntil } from './countdown';

const now = Date.parse('2026-11-22T10:00:00.000Z');

describe('remainingUntil', () => {
	it('splits the time left into days, hours, minutes and seconds', () => {
		const end = now + ((2 * 24 + 14) * 3600 + 23 * 60 + 45) * 1000;
		expect(remainingUntil(end, now)).toEqual({ days: 2, hours: 14, minutes: 23, seconds: 45, ended: false });
	});

	it('counts a part of a second as a whole one, so it reads 0 only at the end', () => {
		expect(remainingUntil(now + 200, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, ended: false });
	});

	it('has ended at the end and after it, never going below zero', () => {
		for (const end of [now, now - 5000]) {
			expect(remainingUntil(end, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
		}
	});
});
