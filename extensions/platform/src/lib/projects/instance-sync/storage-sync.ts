/**
 * Studio's copy of each site's storage (docs/operations.md, Staff back office): what it stores, in
 * MiB, against its plan's quota as the runtime holds it, and when that was measured, on the
 * `projects` row. Measuring walks the site's folder and asks PostgreSQL its database's size, so it
 * is not repeated every sync run: a project is measured again once its figure is STORAGE_EVERY_MS
 * old (a project never measured, at once), and one run measures at most MEASURED_PER_RUN, the
 * oldest figures first, so the rest of the sync never waits on hundreds of folders. Written with knex, like the rest of the sync: no
 * revision or activity row for a copy of the runtime's figures.
 */
import type { Knex } from 'knex';
import { fromDbTimestamp, toDbTimestamp } from '../../database/db-values.ts';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { storageOf, toMb } from '../storage/storage-figures.ts';

/** How old a project's figure may get before it is measured again. */
export const STORAGE_EVERY_MS = 5 * 60 * 1000;

/** At most this many projects are measured in one run; the others wait for the next. */
export const MEASURED_PER_RUN = 20;

/** Measurements asked of the runtime at once: each walks a folder on the runtime's disk. */
const CONCURRENT_CALLS = 4;

const MIB = 1024 * 1024;

export interface StorageSyncParts {
	database: Knex;
	driver: RuntimeDriver;
	now: () => Date;
	logger: { error(message: string): void };
}

export interface StoredMeasurement {
	id: string;
	/** ISO time of the last measurement; null before the first. */
	storage_measured_at: string | null;
}

/**
 * The projects to measure now: those the runtime has a site for whose figure is missing or old,
 * never measured first, then the oldest, at most MEASURED_PER_RUN.
 */
export function storageDue(stored: StoredMeasurement[], known: ReadonlySet<string>, now: Date, everyMs = STORAGE_EVERY_MS): string[] {
	const measuredAt = (project: StoredMeasurement) => (project.storage_measured_at === null ? -Infinity : Date.parse(project.storage_measured_at));
	return stored
		.filter((project) => known.has(project.id) && now.getTime() - measuredAt(project) >= everyMs)
		.sort((a, b) => measuredAt(a) - measuredAt(b))
		.slice(0, MEASURED_PER_RUN)
		.map((project) => project.id);
}

/** Measures every due project and writes its figures; returns how many were written. A failure is logged, and retried next run. */
export async function syncStorage(parts: StorageSyncParts, known: ReadonlySet<string>): Promise<number> {
	const rows = (await parts.database('projects').select('id', 'storage_measured_at')) as { id: string; storage_measured_at: unknown }[];
	const stored = rows.map((row) => ({ id: String(row.id), storage_measured_at: fromDbTimestamp(row.storage_measured_at) }));
	const due = storageDue(stored, known, parts.now());
	let written = 0;
	for (let start = 0; start < due.length; start += CONCURRENT_CALLS) {
		const outcomes = await Promise.all(due.slice(start, start + CONCURRENT_CALLS).map((id) => measure(parts, id)));
		written += outcomes.filter(Boolean).length;
	}
	return written;
}

async function measure(parts: StorageSyncParts, id: string): Promise<boolean> {
	try {
		const status = await parts.driver.instanceStatus(id);
		const storage = status && storageOf(status);
		// Deleted since the list was read: nothing to show.
		if (!storage) return false;
		await parts
			.database('projects')
			.where({ id })
			.update({
				storage_used_mb: toMb(storage.used_bytes),
				storage_quota_mb: storage.quota_bytes === null ? null : storage.quota_bytes / MIB,
				storage_measured_at: toDbTimestamp(parts.database, parts.now()),
			});
		return true;
	} catch (error) {
		parts.logger.error(`Syncing the storage of project ${id} from the runtime failed: ${(error as Error).message}`);
		return false;
	}
}
