/**
 * Control-plane benchmark. Prints one JSON object:
 *  - start-up: first run on an empty data folder (bootstrap + schema + migrations + start),
 *    a later run on the same data (what a second `npm start` does), and process start to ready;
 *  - `GET /stripe/plans` latency and throughput at 50 concurrent connections (autocannon), beside
 *    `GET /server/ping` on the same server as the floor that Directus's own middleware sets.
 * Run: `npm run bench` (add BENCH_DB=pg to measure on PostgreSQL).
 */
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '@epic/local-platform/config';
import { prepareControlPlaneDatabase, startControlPlane } from '@epic/local-platform/control-plane';
import { directusEnv } from '@epic/local-platform/directus-env';
import { REPO_ROOT } from '@epic/node-support/paths';
import { stopProcess } from '@epic/node-support/processes';
import { loadOrCreateSecrets } from '@epic/local-platform/secrets';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { round } from './lib/statistics.ts';
import { elapsed } from './lib/time.ts';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env['BENCH_DURATION'] ?? 10);
const db = process.env['BENCH_DB'] === 'pg' ? 'pg' : 'sqlite3';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'epic-bench-'));
mkdirSync(path.join(dataDir, 'uploads'));
const database = db === 'pg' ? await createTestDatabase('bench') : null;
const port = await freeLoopbackPort();
const config = loadConfig(
	{
		DATA_DIR: dataDir,
		PORT: String(port),
		HOST: '127.0.0.1',
		// The control plane alone, listening on PORT itself (the runtime has its own suites).
		RUNTIME_ENABLED: 'false',
		DB_CLIENT: db,
		DB_CONNECTION_STRING: database?.connectionString,
		MAIL_CATCHER: 'false',
		EMAIL_SMTP_HOST: '127.0.0.1',
		// The limiter stays on, as in production, but a load generator is one IP sending 50 at once.
		RATE_LIMITER_POINTS: '1000000',
		LOG_LEVEL: 'error',
	},
	REPO_ROOT,
);
// Directus's pressure limiter (on in production) sheds load with 503s once event-loop utilisation
// passes 0.99, which a saturating load generator always causes; it is switched off here so the
// figures describe the endpoint itself.
const directus = {
	env: { ...directusEnv(config, loadOrCreateSecrets(dataDir, config)), PRESSURE_LIMITER_ENABLED: 'false' },
	cwd: dataDir,
};
const url = `http://127.0.0.1:${port}`;

async function timedStart(prepare: boolean) {
	const started = process.hrtime.bigint();
	// The same skip-if-unchanged preparation as `npm start`.
	if (prepare) await prepareControlPlaneDatabase(directus, () => {}, path.join(dataDir, 'prepared.json'));
	const prepared = process.hrtime.bigint();
	const running = await startControlPlane({ ...directus, url });
	return { running, totalMs: elapsed(started), processToReadyMs: elapsed(prepared) };
}

async function measureLoad(target: string) {
	const load = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION_SECONDS });
	return {
		connections: CONNECTIONS,
		duration_s: DURATION_SECONDS,
		requests_per_s: round(load.requests.average),
		// Any refusal (429, 503) is fast and would inflate requests_per_s: successes are counted apart.
		ok_per_s: round(load['2xx'] / DURATION_SECONDS),
		latency_ms: { p50: load.latency.p50, p99: load.latency.p99, max: load.latency.max },
		responses_2xx: load['2xx'],
		non_2xx: load.non2xx,
		status_codes: Object.fromEntries(Object.entries(load.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count])),
		errors: load.errors,
	};
}

try {
	const firstRun = await timedStart(true);
	await stopProcess(firstRun.running.process);
	const laterRun = await timedStart(true);

	const plans = await measureLoad(`${url}/stripe/plans`);
	const ping = await measureLoad(`${url}/server/ping`);
	await stopProcess(laterRun.running.process);

	console.log(
		JSON.stringify(
			{
				benchmark: 'control-plane',
				database: db === 'pg' ? 'postgres' : 'sqlite',
				machine: { cpus: os.cpus().length, node: process.version },
				pressure_limiter: 'off for measurement',
				startup: {
					first_run_ms: round(firstRun.totalMs),
					later_run_ms: round(laterRun.totalMs),
					process_start_to_ready_ms: round(laterRun.processToReadyMs),
				},
				stripe_plans: plans,
				server_ping_baseline: ping,
			},
			null,
			2,
		),
	);
} finally {
	await database?.drop();
	rmSync(dataDir, { recursive: true, force: true });
}
