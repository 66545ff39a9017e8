/**
 * Where the daily request counts are kept: the data folder's file on one machine
 * (file-usage-store.ts), the state database where the runtime's records are (postgres-usage-store.ts),
 * which a router on another node adds its own counts to.
 */
import type { DailyUsage } from '@epic/runtime-contract';

/** Requests per project per day (YYYY-MM-DD). */
export type UsageCounts = Record<string, Record<string, number>>;

export interface UsageStore {
	/** Adds these requests to the totals, all or none: a failed add is tried again with the next counts. */
	add(counts: UsageCounts): Promise<void>;
	/** Daily totals from `fromDay` (inclusive), optionally for one project, by day then project. */
	read(fromDay: string, projectId?: string): Promise<DailyUsage[]>;
	forget(projectId: string): Promise<void>;
	close(): Promise<void>;
}

/** `counts` added into `totals` (changed in place). */
export function addCounts(totals: UsageCounts, counts: UsageCounts): void {
	for (const [projectId, days] of Object.entries(counts)) {
		const into = (totals[projectId] ??= {});
		for (const [day, requests] of Object.entries(days)) into[day] = (into[day] ?? 0) + requests;
	}
}

/** Every request in `counts`, over all projects and days. */
export function totalRequests(counts: UsageCounts): number {
	return Object.values(counts).reduce((sum, days) => sum + Object.values(days).reduce((a, b) => a + b, 0), 0);
}

function sortedUsage(rows: DailyUsage[]): DailyUsage[] {
	return rows.sort((a, b) => a.day.localeCompare(b.day) || a.projectId.localeCompare(b.projectId));
}

/** `rows` with `counts` added: those from `fromDay` on, of `projectId` if given. */
export function withCounts(rows: DailyUsage[], counts: UsageCounts, fromDay: string, projectId?: string): DailyUsage[] {
	const merged = new Map(rows.map((row) => [`${row.projectId} ${row.day}`, { ...row }]));
	for (const [id, days] of Object.entries(counts)) {
		if (projectId && id !== projectId) continue;
		for (const [day, requests] of Object.entries(days)) {
			if (day < fromDay) continue;
			const row = merged.get(`${id} ${day}`);
			if (row) row.requests += requests;
			else merged.set(`${id} ${day}`, { projectId: id, day, requests });
		}
	}
	return sortedUsage([...merged.values()]);
}
