import { describe, expect, it } from 'vitest';
import { HourlyMailAllowance } from './hourly-allowance.ts';

const at = (time: string) => Date.parse(`2026-11-27T${time}Z`);

describe('HourlyMailAllowance', () => {
	it('counts each recipient, refuses a message that does not fit whole, and lifts at the next clock hour', () => {
		let now = at('14:10:00');
		const allowance = new HourlyMailAllowance(() => now);
		expect(allowance.take('a', 2, 3)).toEqual({ allowed: true });
		now = at('14:50:00');
		expect(allowance.take('a', 2, 3)).toEqual({ allowed: false, resumesAt: new Date(at('15:00:00')) });
		expect(allowance.status('a', 3)).toEqual({ sentThisHour: 2, limitPerHour: 3, limitReachedAt: '2026-11-27T14:50:00.000Z' });
		expect(allowance.take('a', 1, 3)).toEqual({ allowed: true });
		now = at('14:55:00');
		allowance.take('a', 1, 3);
		// The hour's first refusal is the one reported.
		expect(allowance.status('a', 3).limitReachedAt).toBe('2026-11-27T14:50:00.000Z');
		now = at('15:00:00');
		expect(allowance.status('a', 3)).toEqual({ sentThisHour: 0, limitPerHour: 3, limitReachedAt: null });
		expect(allowance.take('a', 3, 3)).toEqual({ allowed: true });
	});

	it('keeps each site to its own count, gives back what could not be passed on, and sends nothing at a limit of 0', () => {
		const allowance = new HourlyMailAllowance(() => at('09:00:00'));
		allowance.take('a', 3, 3);
		expect(allowance.take('b', 3, 3)).toEqual({ allowed: true });
		allowance.giveBack('a', 2);
		expect(allowance.status('a', 3).sentThisHour).toBe(1);
		expect(allowance.take('c', 1, 0).allowed).toBe(false);
		allowance.forget('b');
		expect(allowance.status('b', 3).sentThisHour).toBe(0);
	});
});
