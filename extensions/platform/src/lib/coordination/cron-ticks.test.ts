import { describe, expect, it } from 'vitest';
import { CronTicks } from './cron-ticks.ts';

const at = (iso: string) => new Date(iso);

describe('CronTicks', () => {
	it('names the scheduled time a firing belongs to, early or late within half a gap', () => {
		const ticks = new CronTicks('*/15 * * * * *');
		expect(ticks.shortestGapMs).toBe(15_000);
		const tick = at('2026-11-28T10:00:15.000Z').getTime();
		expect(ticks.tickOf(at('2026-11-28T10:00:15.000Z'))).toBe(tick);
		expect(ticks.tickOf(at('2026-11-28T10:00:15.004Z'))).toBe(tick);
		expect(ticks.tickOf(at('2026-11-28T10:00:14.996Z'))).toBe(tick);
		expect(ticks.tickOf(at('2026-11-28T10:00:22.000Z'))).toBe(tick);
		expect(ticks.tickOf(at('2026-11-28T10:00:23.000Z'))).toBe(at('2026-11-28T10:00:30.000Z').getTime());
	});

	it('reads five-field rules as minutes and uneven rules by their shortest gap', () => {
		expect(new CronTicks('* * * * *').shortestGapMs).toBe(60_000);
		const uneven = new CronTicks('0 0 1,2,12 * * *');
		expect(uneven.shortestGapMs).toBe(60 * 60_000);
		expect(new Date(uneven.tickOf(new Date(2026, 10, 28, 2, 20))).getHours()).toBe(2);
	});

	it('refuses a rule that is not a cron expression', () => {
		expect(() => new CronTicks('every minute')).toThrow();
	});
});
