/**
 * What the back office's sync has to write (docs/operations.md, Staff back office): from the
 * runtime's answers and what the control plane already stores, only the values that changed. Pure:
 * nothing is read or written here.
 */
import type { DailyUsage, InstanceState, InstanceStatus } from '../../runtime-driver/runtime-driver.ts';

/** The runtime's view of a project as the `projects` row keeps it, for Studio. */
export interface InstanceFields {
	instance_state: InstanceState | null;
	/** ISO time; compared as an instant, whatever form the database returned it in. */
	last_request_at: string | null;
	restarts: number | null;
	directus_version: string | null;
	/** Staff's view of the runtime's `upgradeFailure`: target version, error and time, in one line. */
	upgrade_failure: string | null;
}

export interface StoredProject extends InstanceFields {
	id: string;
}

export interface ProjectChange {
	id: string;
	changes: Partial<InstanceFields>;
}

const instant = (value: string | null) => (value === null ? null : Date.parse(value));

function upgradeFailureText(status: InstanceStatus): string | null {
	const failure = status.upgradeFailure;
	return failure ? `Upgrade to Directus ${failure.toVersion} failed at ${failure.at}: ${failure.error}` : null;
}

/**
 * One entry per project whose stored values differ from the runtime's. A project the runtime does
 * not know (not provisioned yet, or its instance gone) has no state; its last request, restarts,
 * version and upgrade failure stay as they were, and so does a last request the runtime has
 * forgotten (it keeps it in memory).
 */
export function projectChanges(stored: StoredProject[], statuses: InstanceStatus[]): ProjectChange[] {
	const statusOf = new Map(statuses.map((status) => [status.projectId, status]));
	const result: ProjectChange[] = [];
	for (const project of stored) {
		const status = statusOf.get(project.id);
		const changes: Partial<InstanceFields> = {};
		const state = status?.state ?? null;
		if (state !== project.instance_state) changes.instance_state = state;
		if (status) {
			if (status.restarts !== project.restarts) changes.restarts = status.restarts;
			if (status.directusVersion !== project.directus_version) changes.directus_version = status.directusVersion;
			const failure = upgradeFailureText(status);
			if (failure !== project.upgrade_failure) changes.upgrade_failure = failure;
			if (status.lastRequestAt !== null && instant(status.lastRequestAt) !== instant(project.last_request_at)) {
				changes.last_request_at = new Date(status.lastRequestAt).toISOString();
			}
		}
		if (Object.keys(changes).length > 0) result.push({ id: project.id, changes });
	}
	return result;
}

/** A row of `project_daily_requests`: one project's requests on one UTC day. */
export interface DailyRequests {
	id: string;
	project: string;
	day: string;
	requests: number;
}

/** The row's key, made from what it counts, so each (project, day) has exactly one row in any process. */
export function dailyRequestsId(projectId: string, day: string): string {
	return `${day}_${projectId}`;
}

/**
 * The rows to write: days the runtime counted for known projects whose stored count differs or is
 * missing. Counts of ids that are no project here (the warm pool's, or a project deleted meanwhile)
 * are left out; days the runtime no longer reports keep their stored count.
 */
export function dailyRequestChanges(usage: DailyUsage[], projectIds: ReadonlySet<string>, storedRequests: ReadonlyMap<string, number>): DailyRequests[] {
	const rows: DailyRequests[] = [];
	for (const { projectId, day, requests } of usage) {
		if (!projectIds.has(projectId)) continue;
		const id = dailyRequestsId(projectId, day);
		if (storedRequests.get(id) !== requests) rows.push({ id, project: projectId, day, requests });
	}
	return rows;
}
