/**
 * The daily request counts in the state database (RUNTIME_STATE_PG_URL), beside the runtime's
 * records: they follow the runtime to whichever manager runs it, and a router on another node adds
 * the requests it served while the runtime was away. Each add is one statement that adds to the
 * day's row, so any number of counters can add to the same totals.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import pg from 'pg';
import type { DailyUsage } from '@epic/runtime-contract';
import { totalRequests, type UsageCounts, type UsageStore } from './usage-store.ts';

export const USAGE_TABLE = 'epic_runtime_usage';
/** Which usage files have been added (by content hash), so that none is added twice. */
const IMPORTS_TABLE = 'epic_runtime_usage_imports';

const CREATE_TABLES = [
	`create table if not exists ${USAGE_TABLE} (project_id text not null, day date not null, requests bigint not null, primary key (project_id, day))`,
	`create table if not exists ${IMPORTS_TABLE} (sha256 text primary key, imported_at timestamptz not null default now())`,
];

function rowsOf(counts: UsageCounts): { ids: string[]; days: string[]; requests: number[] } {
	const rows = { ids: [] as string[], days: [] as string[], requests: [] as number[] };
	for (const [projectId, days] of Object.entries(counts)) {
		for (const [day, requests] of Object.entries(days)) {
			rows.ids.push(projectId);
			rows.days.push(day);
			rows.requests.push(requests);
		}
	}
	return rows;
}

async function addRows(client: pg.Pool | pg.PoolClient, counts: UsageCounts): Promise<void> {
	const { ids, days, requests } = rowsOf(counts);
	if (ids.length === 0) return;
	await client.query(
		`insert into ${USAGE_TABLE} (project_id, day, requests) select * from unnest($1::text[], $2::date[], $3::bigint[])
		 on conflict (project_id, day) do update set requests = ${USAGE_TABLE}.requests + excluded.requests`,
		[ids, days, requests],
	);
}

export class PostgresUsageStore implements UsageStore {
	readonly #pool: pg.Pool;
	#tablesReady: Promise<void> | null = null;

	constructor(url: string) {
		this.#pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5_000, query_timeout: 10_000 });
		// A kept connection the server ends must not end the process: the next query opens another.
		this.#pool.on('error', () => {});
	}

	/** Made at the first use, by whichever of the runtime and the node routers comes first; tried again after a failure. */
	#ensureTables(): Promise<void> {
		this.#tablesReady ??= (async () => {
			for (const statement of CREATE_TABLES) await this.#pool.query(statement);
		})().catch((error: unknown) => {
			this.#tablesReady = null;
			throw error;
		});
		return this.#tablesReady;
	}

	async add(counts: UsageCounts): Promise<void> {
		await this.#ensureTables();
		await addRows(this.#pool, counts);
	}

	/** `fromDay` compared as text, as the file store does: the API's "from the start" is 0000-00-00, not a date. */
	async read(fromDay: string, projectId?: string): Promise<DailyUsage[]> {
		await this.#ensureTables();
		const { rows } = await this.#pool.query<{ project_id: string; day: string; requests: string }>(
			`select project_id, to_char(day, 'YYYY-MM-DD') as day, requests from ${USAGE_TABLE}
			 where to_char(day, 'YYYY-MM-DD') >= $1 and ($2::text is null or project_id = $2) order by day, project_id`,
			[fromDay, projectId ?? null],
		);
		return rows.map((row) => ({ projectId: row.project_id, day: row.day, requests: Number(row.requests) }));
	}

	async forget(projectId: string): Promise<void> {
		await this.#ensureTables();
		await this.#pool.query(`delete from ${USAGE_TABLE} where project_id = $1`, [projectId]);
	}

	/**
	 * Adds the counts of a runtime that kept them in its data folder (usage.json) before it kept them
	 * here, once: the file's hash is recorded in the same transaction, so a start after a crash
	 * between the commit and the rename adds nothing again. The file is then renamed `.imported`.
	 * Resolves with the requests added (0 when there was no file, or it was added before).
	 */
	async importFile(file: string): Promise<number> {
		if (!existsSync(file)) return 0;
		const content = readFileSync(file);
		const counts = JSON.parse(content.toString('utf8')) as UsageCounts;
		const sha256 = createHash('sha256').update(content).digest('hex');
		await this.#ensureTables();
		const client = await this.#pool.connect();
		let added = 0;
		try {
			await client.query('begin');
			const claimed = await client.query(`insert into ${IMPORTS_TABLE} (sha256) values ($1) on conflict do nothing`, [sha256]);
			if (claimed.rowCount === 1) {
				await addRows(client, counts);
				added = totalRequests(counts);
			}
			await client.query('commit');
		} catch (error) {
			await client.query('rollback').catch(() => {});
			throw error;
		} finally {
			client.release();
		}
		renameSync(file, `${file}.imported`);
		return added;
	}

	async close(): Promise<void> {
		await this.#pool.end();
	}
}
