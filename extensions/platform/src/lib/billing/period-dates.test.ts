import { describe, expect, it } from 'vitest';
import { addPeriod, priceCents, remainingShare } from './period-dates.ts';

const at = (iso: string) => new Date(iso);

describe('addPeriod', () => {
	it('adds one, three or twelve calendar months', () => {
		expect(addPeriod(at('2026-01-15T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-15T10:00:00.000Z');
		expect(addPeriod(at('2026-11-15T10:00:00Z'), 'quarterly').toISOString()).toBe('2027-02-15T10:00:00.000Z');
		expect(addPeriod(at('2026-02-28T00:00:00Z'), 'yearly').toISOString()).toBe('2027-02-28T00:00:00.000Z');
	});

	it('keeps the end of a month at the end of a shorter month', () => {
		expect(addPeriod(at('2026-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T00:00:00.000Z');
	});
});

describe('remainingShare', () => {
	it('is the share of the period left, clamped to 0..1', () => {
		const start = at('2026-01-01T00:00:00Z');
		const end = at('2026-01-11T00:00:00Z');
		expect(remainingShare(start, end, at('2026-01-06T00:00:00Z'))).toBeCloseTo(0.5);
		expect(remainingShare(start, end, at('2026-02-01T00:00:00Z'))).toBe(0);
		expect(remainingShare(start, end, at('2025-12-01T00:00:00Z'))).toBe(1);
	});
});

describe('priceCents', () => {
	it('reads decimals from either database and refuses periods the plan is not sold for', () => {
		const row = { price_monthly: '39.00', price_quarterly: 105.3, price_yearly: null };
		expect(priceCents(row, 'monthly')).toBe(3900);
		expect(priceCents(row, 'quarterly')).toBe(10530);
		expect(priceCents(row, 'yearly')).toBeNull();
	});
});
