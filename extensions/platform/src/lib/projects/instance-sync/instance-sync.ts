/**
 * Keeps what Studio shows of each project's site current (docs/operations.md, Staff back office):
 * its instance state, last request, restarts, Directus version and last upgrade failure on the
 * `projects` row, and its requests per day in `project_daily_requests` for the Insights dashboard.
 * Two calls to the runtime per run (every instance, and the daily counts), then only the values
 * that changed are written, with knex: no revision or activity row for what is a copy of the
 * runtime's figures. Each site's storage is measured less often (storage-sync.ts).
 */
import type { Knex } from 'knex';
import { fromDbTimestamp, toDbDate, toDbTimestamp } from '../../database/db-values.ts';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { usageWindow } from '../usage/usage-window.ts';
import type { Notify } from '../../notifications/notify.ts';
import { noticeMailLimits } from './mail-limit-notices.ts';
import { syncStorage } from './storage-sync.ts';
import { dailyRequestChanges, dailyRequestsId, projectChanges, type DailyRequests, type ProjectChange, type StoredProject } from './instance-sync-changes.ts';

export const DAILY_REQUESTS = 'project_daily_requests';

/** Ids per `IN (…)`: well under SQLite's limit on bound variables. */
const CHUNK = 500;

export interface InstanceSyncParts {
	database: Knex;
	driver: RuntimeDriver;
	now: () => Date;
	logger: { error(message: string): void };
	/** Tells owners what the sync finds (a site past its emails per hour). */
	notify: Notify;
}

export interface InstanceSyncOutcome {
	projectsChanged: number;
	dailyRowsWritten: number;
	/** Writes that failed (logged); the next run tries them again. */
	failed: number;
	/** Projects whose storage was measured and written (a failed measurement is logged and retried next run). */
	storageMeasured: number;
	/** Owners told this run that their site reached its emails per hour. */
	mailLimitsNoticed: number;
}

interface ProjectRow {
	id: string;
	instance_state: string | null;
	last_request_at: unknown;
	restarts: number | string | null;
	directus_version: string | null;
	upgrade_failure: string | null;
}

function utcDay(date: Date, daysBack: number): string {
	return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - daysBack)).toISOString().slice(0, 10);
}

function chunks<T>(items: T[]): T[][] {
	const result: T[][] = [];
	for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
	return result;
}

export class InstanceSync {
	readonly #parts: InstanceSyncParts;
	/**
	 * The first run of a process reads the dashboard's whole window (30 days); later runs read from
	 * yesterday, so a day's last counts still land after midnight without re-reading a month each time.
	 */
	#backfilled = false;

	constructor(parts: InstanceSyncParts) {
		this.#parts = parts;
	}

	async run(): Promise<InstanceSyncOutcome> {
		const { driver, now } = this.#parts;
		const fromDay = this.#backfilled ? utcDay(now(), 1) : usageWindow(now()).from;
		const [statuses, usage, stored] = await Promise.all([driver.listInstances(), driver.usage(fromDay), this.#storedProjects()]);
		const outcome: InstanceSyncOutcome = { projectsChanged: 0, dailyRowsWritten: 0, failed: 0, storageMeasured: 0, mailLimitsNoticed: 0 };

		for (const change of projectChanges(stored, statuses)) {
			if (await this.#attempt(`project ${change.id}`, () => this.#saveProject(change))) outcome.projectsChanged += 1;
			else outcome.failed += 1;
		}

		const ids = usage.map((row) => dailyRequestsId(row.projectId, row.day));
		const rows = dailyRequestChanges(usage, new Set(stored.map((project) => project.id)), await this.#storedRequests(ids));
		for (const row of rows) {
			if (await this.#attempt(`requests of project ${row.project} on ${row.day}`, () => this.#saveDailyRequests(row))) outcome.dailyRowsWritten += 1;
			else outcome.failed += 1;
		}
		if (outcome.failed === 0) this.#backfilled = true;
		await this.#attempt('mail limits', async () => {
			outcome.mailLimitsNoticed = await noticeMailLimits(this.#parts.database, statuses, this.#parts.notify);
		});
		outcome.storageMeasured = await syncStorage(this.#parts, new Set(statuses.map((status) => status.projectId)));
		return outcome;
	}

	async #storedProjects(): Promise<StoredProject[]> {
		const rows = (await this.#parts.database('projects').select('id', 'instance_state', 'last_request_at', 'restarts', 'directus_version', 'upgrade_failure')) as ProjectRow[];
		return rows.map((row) => ({
			id: String(row.id),
			instance_state: row.instance_state as StoredProject['instance_state'],
			last_request_at: fromDbTimestamp(row.last_request_at),
			restarts: row.restarts === null ? null : Number(row.restarts),
			directus_version: row.directus_version,
			upgrade_failure: row.upgrade_failure,
		}));
	}

	async #storedRequests(ids: string[]): Promise<Map<string, number>> {
		const stored = new Map<string, number>();
		for (const part of chunks(ids)) {
			const rows = (await this.#parts.database(DAILY_REQUESTS).select('id', 'requests').whereIn('id', part)) as { id: string; requests: number | string }[];
			for (const row of rows) stored.set(row.id, Number(row.requests));
		}
		return stored;
	}

	async #saveProject({ id, changes }: ProjectChange): Promise<void> {
		const { database } = this.#parts;
		const { last_request_at, ...rest } = changes;
		const values = last_request_at ? { ...rest, last_request_at: toDbTimestamp(database, new Date(last_request_at)) } : rest;
		await database('projects').where({ id }).update(values);
	}

	/** Written by id, so two processes writing the same day end with one row. */
	async #saveDailyRequests(row: DailyRequests): Promise<void> {
		const { database } = this.#parts;
		await database(DAILY_REQUESTS)
			.insert({ ...row, day: toDbDate(database, row.day) })
			.onConflict('id')
			.merge(['requests']);
	}

	/** One write failing (a project deleted meanwhile, say) never stops the others. */
	async #attempt(what: string, write: () => Promise<void>): Promise<boolean> {
		try {
			await write();
			return true;
		} catch (error) {
			this.#parts.logger.error(`Syncing the ${what} from the runtime failed: ${(error as Error).message}`);
			return false;
		}
	}
}
