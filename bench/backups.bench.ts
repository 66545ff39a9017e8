/**
 * Backup benchmark: one site with BENCH_BACKUP_ITEMS items (default 10,000) and
 * BENCH_BACKUP_UPLOAD_MB of uploads (default 100, in 10 MB files of random bytes, which do not
 * compress), backed up and restored through the runtime's management API as the control plane
 * does, on a real runtime. Prints one JSON object on stdout (progress on stderr): backup and
 * restore time, archive size, and the site's answer time while a backup runs beside at rest.
 * Run: `npm run bench:backups` (`BENCH_DB=pg` for a PostgreSQL site).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { RestoreJob } from '@epic/runtime-contract';
import { hostRequest, jsonBody } from '../tests/support/host-request.ts';
import { loginThroughRouter, TestRuntime, type RuntimeDatabaseClient } from '../tests/support/test-runtime.ts';
import { mib, round, summary } from './lib/statistics.ts';
import { elapsed, now, sleep } from './lib/time.ts';

const DB = (process.env['BENCH_DB'] === 'pg' ? 'pg' : 'sqlite3') as RuntimeDatabaseClient;
const ITEMS = Number(process.env['BENCH_BACKUP_ITEMS'] ?? 10_000);
const UPLOAD_MB = Number(process.env['BENCH_BACKUP_UPLOAD_MB'] ?? 100);
const FILE_MB = 10;
const PROJECT = 'bench-backups';
const HOST = 'bench-backups.localhost';
const admin = { email: 'bench-backups@example.com', password: 'bench-backups-password' };
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const runtime = new TestRuntime({ db: DB, warmPoolSize: 0 });
let token = '';

async function site(method: string, path: string, body?: unknown): Promise<unknown> {
	const json = body === undefined ? undefined : jsonBody(body);
	const response = await hostRequest(runtime.routerUrl, HOST, path, {
		method,
		body: json?.body,
		headers: { ...json?.headers, authorization: `Bearer ${token}` },
	});
	if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.body.slice(0, 300)}`);
	return response.body ? response.json() : undefined;
}

async function upload(name: string, bytes: Buffer): Promise<void> {
	const form = new FormData();
	form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
	const encoded = new Response(form);
	const response = await hostRequest(runtime.routerUrl, HOST, '/files', {
		method: 'POST',
		headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
		body: Buffer.from(await encoded.arrayBuffer()),
	});
	if (response.status !== 200) throw new Error(`upload of ${name} answered ${response.status}: ${response.body.slice(0, 300)}`);
}

async function fillSite(): Promise<void> {
	await site('POST', '/collections', {
		collection: 'articles',
		schema: {},
		meta: {},
		fields: [
			{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: { hidden: true } },
			{ field: 'title', type: 'string', schema: {}, meta: {} },
			{ field: 'body', type: 'text', schema: {}, meta: {} },
		],
	});
	const BATCH = 500;
	for (let start = 0; start < ITEMS; start += BATCH) {
		const batch = Array.from({ length: Math.min(BATCH, ITEMS - start) }, (_, index) => ({
			title: `Article ${start + index}`,
			body: `Body of article ${start + index}. ${'Lorem ipsum dolor sit amet. '.repeat(10)}`,
		}));
		await site('POST', '/items/articles', batch);
	}
	for (let file = 0; file < Math.ceil(UPLOAD_MB / FILE_MB); file++) await upload(`upload-${file}.bin`, randomBytes(FILE_MB * 1024 * 1024));
}

/** Answer times of `/server/ping` through the router, one request at a time, until `done()`. */
async function pingWhile(done: () => boolean): Promise<number[]> {
	const times: number[] = [];
	while (!done()) {
		const started = now();
		await hostRequest(runtime.routerUrl, HOST, '/server/ping');
		times.push(elapsed(started));
		await sleep(20);
	}
	return times;
}

async function restoreAndWait(backupId: string): Promise<RestoreJob> {
	const started = await runtime.driver.startRestore(PROJECT, backupId);
	for (;;) {
		const job = await runtime.driver.restoreJob(PROJECT, started.id);
		if (job.state !== 'running') return job;
		await sleep(100);
	}
}

try {
	log(`starting a runtime and one ${DB} site…`);
	await runtime.start();
	await runtime.driver.ensureInstance({ projectId: PROJECT, subdomain: 'bench-backups', projectName: 'Backups bench', admin });
	token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
	log(`writing ${ITEMS} items and ${UPLOAD_MB} MB of uploads…`);
	await fillSite();

	let quietDone = false;
	const quietPings = pingWhile(() => quietDone);
	await sleep(2000);
	quietDone = true;
	const atRest = await quietPings;

	log('backing up…');
	let backupDone = false;
	const busyPings = pingWhile(() => backupDone);
	const backupStarted = now();
	const backup = await runtime.driver.createBackup(PROJECT, 'manual');
	const backupMs = elapsed(backupStarted);
	backupDone = true;
	const duringBackup = await busyPings;

	log('restoring…');
	const restoreStarted = now();
	const job = await restoreAndWait(backup.id);
	const restoreMs = elapsed(restoreStarted);
	if (job.state !== 'succeeded') throw new Error(`the restore ended ${job.state}: ${JSON.stringify(job)}`);
	const itemsAfter = (await site('GET', '/items/articles?aggregate[count]=*')) as { data: [{ count: number | string }] };

	console.log(
		JSON.stringify(
			{
				benchmark: 'backups',
				machine: { cpus: os.cpus().length, node: process.version, load_average_1m: round(os.loadavg()[0]!) },
				site: { database: DB, items: ITEMS, uploads_mib: UPLOAD_MB, files: Math.ceil(UPLOAD_MB / FILE_MB) },
				backup: { ms: Math.round(backupMs), archive_bytes: backup.size, archive_mib: mib(backup.size) },
				restore: {
					ms: Math.round(restoreMs),
					note: 'includes the safety backup a restore takes first, the stop, the swap, the start and the health check',
					steps: job.steps,
					items_after: Number(itemsAfter.data[0].count),
				},
				ping_ms: {
					method: '/server/ping through the router, one at a time, 20 ms apart',
					at_rest: summary(atRest),
					during_backup: summary(duringBackup),
				},
			},
			null,
			2,
		),
	);
} finally {
	await runtime.destroy();
}
