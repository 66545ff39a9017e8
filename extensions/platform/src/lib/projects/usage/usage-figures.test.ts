import { describe, expect, it } from 'vitest';
import { changePercent, projectsUsageFrom } from './usage-figures.ts';
import { usageWindow } from './usage-window.ts';

const now = () => new Date('2026-03-15T10:00:00Z');
const mine = '11111111-1111-4111-8111-111111111111';
const quiet = '22222222-2222-4222-8222-222222222222';
const theirs = '33333333-3333-4333-8333-333333333333';

describe('usage figures', () => {
	it('sum each window per project and in total, day by day over the last 30', () => {
		const window = usageWindow(now());
		const rows = [
			{ projectId: mine, day: '2026-01-14', requests: 500 }, // before both windows
			{ projectId: mine, day: '2026-01-15', requests: 30 }, // first day of the previous window
			{ projectId: mine, day: '2026-02-13', requests: 10 }, // its last day
			{ projectId: mine, day: '2026-02-14', requests: 7 }, // first day of the last 30
			{ projectId: mine, day: '2026-03-15', requests: 3 }, // today
			{ projectId: theirs, day: '2026-03-15', requests: 1000 }, // another customer's
		];
		const usage = projectsUsageFrom(window, [mine, quiet], rows);

		expect(usage.projects.map((project) => [project.id, project.requests, project.previous_requests, project.change_percent])).toEqual([
			[mine, 10, 40, -75],
			[quiet, 0, 0, null],
		]);
		expect(usage.total).toEqual({ requests: 10, previous_requests: 40, change_percent: -75 });

		const daily = usage.projects[0]!.daily;
		expect(daily).toHaveLength(30);
		expect(daily[0]).toEqual({ day: '2026-02-14', requests: 7 });
		expect(daily[29]).toEqual({ day: '2026-03-15', requests: 3 });
		expect(daily.slice(1, 29).every((entry) => entry.requests === 0)).toBe(true);
		expect(usage.projects[1]!.daily.every((entry) => entry.requests === 0)).toBe(true);
	});

	it('never count a project the caller does not own', () => {
		const usage = projectsUsageFrom(usageWindow(now()), [], [{ projectId: theirs, day: '2026-03-15', requests: 9 }]);
		expect(usage).toEqual({ total: { requests: 0, previous_requests: 0, change_percent: null }, projects: [] });
	});

	it('give no percentage for growth from nothing, and round to one decimal otherwise', () => {
		expect(changePercent(25, 0)).toBeNull();
		expect(changePercent(0, 0)).toBeNull();
		expect(changePercent(150, 100)).toBe(50);
		expect(changePercent(0, 8)).toBe(-100);
		expect(changePercent(2, 3)).toBe(-33.3);
		expect(changePercent(3, 3)).toBe(0);
	});
});
