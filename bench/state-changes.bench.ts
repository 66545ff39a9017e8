/**
 * `node bench/state-changes.bench.ts` (no npm script: a change to package.json rebuilds every
 * image's installed packages): how soon a node router knows of a write to the runtime's records
 * (a domain added), against a real PostgreSQL, in one run:
 *   - baseline: the poll alone, every 2 s (the node router's only way before it heard the writes);
 *   - notified: the runtime's write notifies, the node router reads the records again at once
 *     (runtime/src/node-router/state-change-listener.ts), with the poll off.
 * Each trial times one write, from the store's call to the node router's records holding it.
 * Prints JSON.
 *
 * Env: BENCH_STATE_CHANGES_TRIALS (default 20), TEST_PG_URL (the PostgreSQL server; the machine's by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { StateChangeListener } from '../runtime/src/node-router/state-change-listener.ts';
import { StateRecordsReader, stateRowsFrom } from '../runtime/src/node-router/state-records-reader.ts';
import { postgresStatePersistence } from '../runtime/src/state/postgres/postgres-state-persistence.ts';
import { projectRecordFixture } from '../runtime/src/state/project-record.fixture.ts';
import { StateStore } from '../runtime/src/state/state-store.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { machineReport } from './lib/machine.ts';
import { summary } from './lib/statistics.ts';

const TRIALS = Number(process.env['BENCH_STATE_CHANGES_TRIALS'] ?? 20);
const POLL_MS = 2000;
const loadBefore = os.loadavg();

/** Resolves once `done()` holds, checked on every event-loop turn; the time it took in ms. */
async function timeUntil(done: () => boolean, started: number): Promise<number> {
	while (!done()) await new Promise((resolve) => setImmediate(resolve));
	return performance.now() - started;
}

async function measure(store: StateStore, records: StateRecordsReader, label: string): Promise<number[]> {
	const times: number[] = [];
	for (let trial = 0; trial < TRIALS; trial++) {
		const domain = `${label}-${trial}.example`;
		// At a random point of the poll's interval, as a write comes.
		await new Promise((resolve) => setTimeout(resolve, Math.random() * POLL_MS));
		const started = performance.now();
		store.setDomains('p-bench', [domain]);
		times.push(await timeUntil(() => records.get('p-bench')?.domains?.[0] === domain, started));
	}
	return times;
}

const database = await createTestDatabase('benchchanges');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-state-changes-'));
const store = new StateStore(postgresStatePersistence({ url: database.connectionString, secrets: ['a-bench-runtime-secret-of-32-characters'], dataDir, log: () => {} }), '12.4.0');
store.put(projectRecordFixture('p-bench', '/data/p-bench'));
const rows = stateRowsFrom(database.connectionString);
try {
	const polled = new StateRecordsReader(rows, () => {});
	await polled.refresh();
	const poll = setInterval(() => void polled.refresh(), POLL_MS);
	const baseline = await measure(store, polled, 'polled');
	clearInterval(poll);

	const notified = new StateRecordsReader(rows, () => {});
	const listener = new StateChangeListener({ url: database.connectionString, onChange: () => void notified.refresh(), log: () => {}, reconnectMs: 1000 });
	await listener.start();
	const heard = await measure(store, notified, 'notified');
	await listener.close();

	console.log(
		JSON.stringify(
			{
				benchmark: 'state-changes',
				trials: TRIALS,
				write_known_to_node_router_ms: { baseline_poll_every_2_s: summary(baseline), notified: summary(heard) },
				machine: machineReport(loadBefore),
			},
			null,
			2,
		),
	);
} finally {
	store.close();
	await rows.close();
	await database.drop();
	rmSync(dataDir, { recursive: true, force: true });
}
