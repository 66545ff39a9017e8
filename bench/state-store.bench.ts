/**
 * `node bench/state-store.bench.ts` (no npm script yet: a change to package.json rebuilds every
 * image's installed packages, a CI run's longest step): what a write to the runtime's instance
 * records costs with them in PostgreSQL (RUNTIME_STATE_PG_URL) beside the state file, in one run:
 * the store's methods block the runtime's event loop (its router included) until the change is
 * kept, so this is the pause each life-cycle change adds. Also the open of 500 records (a runtime's start). Prints JSON.
 *
 * Env: BENCH_STATE_WRITES (default 500), TEST_PG_URL (the PostgreSQL server; the machine's by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileStatePersistence } from '../runtime/src/state/file-state-persistence.ts';
import { postgresStatePersistence } from '../runtime/src/state/postgres/postgres-state-persistence.ts';
import { projectRecordFixture } from '../runtime/src/state/project-record.fixture.ts';
import type { StatePersistence } from '../runtime/src/state/state-persistence.ts';
import { StateStore } from '../runtime/src/state/state-store.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { machineReport } from './lib/machine.ts';
import { summary } from './lib/statistics.ts';

const WRITES = Number(process.env['BENCH_STATE_WRITES'] ?? 500);
const RECORDS = 500;
const loadBefore = os.loadavg();

function timed(work: () => void): number {
	const started = performance.now();
	work();
	return performance.now() - started;
}

/** Each write's time (ms), one site's domains changed each time, and the time to open RECORDS records. */
function measure(open: () => StatePersistence) {
	let store = new StateStore(open(), '12.4.0');
	for (let index = 0; index < RECORDS; index++) store.put(projectRecordFixture(`p-${index}`, `/data/p-${index}`));
	const writes = Array.from({ length: WRITES }, (_, index) => timed(() => store.setDomains(`p-${index % RECORDS}`, [`site-${index}.example`])));
	store.close();
	const openMs = timed(() => {
		store = new StateStore(open(), '12.4.0');
	});
	store.close();
	return { write_ms: summary(writes), open_500_records_ms: Math.round(openMs * 10) / 10 };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-state-'));
// Apart: a state file beside an empty state table would be taken into it at the first open.
const fileDir = path.join(dataDir, 'file');
const postgresDir = path.join(dataDir, 'postgresql');
const database = await createTestDatabase('benchstate');
try {
	const file = measure(() => fileStatePersistence(fileDir));
	const postgres = measure(() =>
		postgresStatePersistence({ url: database.connectionString, secrets: ['a-bench-runtime-secret-of-32-characters'], dataDir: postgresDir, log: () => {} }),
	);
	console.log(
		JSON.stringify(
			{
				benchmark: 'state-store',
				writes: WRITES,
				records: RECORDS,
				state_file: file,
				postgresql: postgres,
				machine: machineReport(loadBefore),
			},
			null,
			2,
		),
	);
} finally {
	await database.drop();
	rmSync(dataDir, { recursive: true, force: true });
}
