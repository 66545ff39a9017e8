/**
 * `node bench/usage-store.bench.ts` (no npm script: a change to package.json rebuilds every image's
 * installed packages): what the sites' usage counts cost in the state database
 * (RUNTIME_STATE_PG_URL, runtime/src/usage/postgres-usage-store.ts) beside the data folder's
 * usage.json, in one run, both holding PROJECTS projects' counts over DAYS days:
 *   - add: one flush of a busy 5 s, every project with new requests (the counter's timer);
 *   - read one project: the dashboard's `GET /usage?projectId=…&from=…` (30 days);
 *   - read all: `GET /usage` from the start (staff's totals).
 * Counting itself (a map increment on the request's path) is the same for both. Prints JSON.
 *
 * Env: BENCH_USAGE_PROJECTS (default 500), BENCH_USAGE_DAYS (default 90), BENCH_USAGE_TRIALS
 * (default 50), TEST_PG_URL (the PostgreSQL server; the machine's by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FileUsageStore } from '../runtime/src/usage/file-usage-store.ts';
import { PostgresUsageStore } from '../runtime/src/usage/postgres-usage-store.ts';
import type { UsageCounts, UsageStore } from '../runtime/src/usage/usage-store.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { machineReport } from './lib/machine.ts';
import { summary } from './lib/statistics.ts';

const PROJECTS = Number(process.env['BENCH_USAGE_PROJECTS'] ?? 500);
const DAYS = Number(process.env['BENCH_USAGE_DAYS'] ?? 90);
const TRIALS = Number(process.env['BENCH_USAGE_TRIALS'] ?? 50);
const loadBefore = os.loadavg();
const FIRST_DAY = Date.UTC(2031, 0, 1);
const dayAt = (index: number) => new Date(FIRST_DAY + index * 86_400_000).toISOString().slice(0, 10);
const projectIds = Array.from({ length: PROJECTS }, (_, index) => `p-${String(index).padStart(4, '0')}`);

/** Every project with `requests` on `day`. */
function countsOn(day: string, requests: number): UsageCounts {
	return Object.fromEntries(projectIds.map((id) => [id, { [day]: requests }]));
}

async function timed(work: () => Promise<unknown>): Promise<number> {
	const started = performance.now();
	await work();
	return performance.now() - started;
}

async function measure(store: UsageStore) {
	// The history: DAYS days of every project.
	for (let day = 0; day < DAYS; day++) await store.add(countsOn(dayAt(day), 100 + day));
	const today = dayAt(DAYS - 1);
	const monthAgo = dayAt(DAYS - 30);
	const add: number[] = [];
	const readOne: number[] = [];
	const readAll: number[] = [];
	for (let trial = 0; trial < TRIALS; trial++) {
		add.push(await timed(() => store.add(countsOn(today, 7))));
		const projectId = projectIds[trial % PROJECTS]!;
		readOne.push(
			await timed(async () => {
				const rows = await store.read(monthAgo, projectId);
				if (rows.length !== 30) throw new Error(`expected 30 days of ${projectId}, read ${rows.length}`);
			}),
		);
	}
	for (let trial = 0; trial < Math.min(TRIALS, 10); trial++) {
		readAll.push(
			await timed(async () => {
				const rows = await store.read('0000-00-00');
				if (rows.length !== PROJECTS * DAYS) throw new Error(`expected ${PROJECTS * DAYS} rows, read ${rows.length}`);
			}),
		);
	}
	await store.close();
	return { add_every_project_ms: summary(add), read_one_project_30_days_ms: summary(readOne), read_all_ms: summary(readAll) };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-usage-'));
const database = await createTestDatabase('benchusage');
try {
	const file = await measure(new FileUsageStore(dataDir));
	const postgres = await measure(new PostgresUsageStore(database.connectionString));
	console.log(
		JSON.stringify(
			{ benchmark: 'usage-store', projects: PROJECTS, days: DAYS, trials: TRIALS, baseline_file: file, postgresql: postgres, machine: machineReport(loadBefore) },
			null,
			2,
		),
	);
} finally {
	await database.drop();
	rmSync(dataDir, { recursive: true, force: true });
}
