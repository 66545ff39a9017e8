/**
 * The dashboard's figures from the router's daily counts (docs/product.md, Projects API): per
 * project and in total, the requests of the last 30 days, of the 30 before, the change between them,
 * and the last 30 days day by day. Pure: the rows and the window come in, nothing is read.
 */
import type { ProjectUsage, UsageFigures } from '@epic/platform-api';
import type { DailyUsage } from '../../runtime-driver/runtime-driver.ts';
import type { UsageWindow } from './usage-window.ts';

/** Null when there was nothing before: a growth from zero has no percentage. */
export function changePercent(requests: number, previous: number): number | null {
	if (previous === 0) return null;
	return Math.round(((requests - previous) / previous) * 1000) / 10;
}

export function usageFigures(requests: number, previous: number): UsageFigures {
	return { requests, previous_requests: previous, change_percent: changePercent(requests, previous) };
}

/**
 * One entry per project of `projectIds`, in that order; rows of any other project are ignored, so
 * only the caller's projects are ever counted. Days outside both windows are ignored too.
 */
export function projectsUsageFrom(window: UsageWindow, projectIds: string[], rows: DailyUsage[]): { total: UsageFigures; projects: ProjectUsage[] } {
	const projects = projectIds.map((id) => {
		const byDay = new Map<string, number>();
		let previous = 0;
		for (const row of rows) {
			if (row.projectId !== id || row.day < window.previousFrom || row.day > window.to) continue;
			if (row.day < window.from) previous += row.requests;
			else byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.requests);
		}
		const daily = window.days.map((day) => ({ day, requests: byDay.get(day) ?? 0 }));
		const requests = daily.reduce((sum, entry) => sum + entry.requests, 0);
		return { id, ...usageFigures(requests, previous), daily };
	});
	const requests = projects.reduce((sum, project) => sum + project.requests, 0);
	const previous = projects.reduce((sum, project) => sum + project.previous_requests, 0);
	return { total: usageFigures(requests, previous), projects };
}
