/**
 * Starting one of several control-plane replicas on one host's network (docs/operations.md,
 * Replicas). Replicas start at once and share one PostgreSQL database: they take turns, one at a
 * time, under a PostgreSQL advisory lock, to prepare the database (bootstrap, schema, migrations
 * are not safe to run twice at once) and to claim a port of CONTROL_PLANE_PORTS, the first one
 * nothing listens on, holding the lock until their Directus listens there. On SQLite there is one
 * process and nothing to take turns with.
 */
import { isPortFree } from '@epic/node-support/free-port';
import pg from 'pg';

/** The key of the advisory lock the replicas take turns under (any constant of our own). */
const START_LOCK_KEY = 0x45_50_49_43; // "EPIC"

/** `8061-8068` → [8061, …, 8068]; throws naming the value when it is not a range of ports. */
export function portRange(value: string): number[] {
	const match = /^(\d{1,5})-(\d{1,5})$/.exec(value.trim());
	const [first, last] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
	if (!(first >= 1 && last <= 65535 && first <= last && last - first < 64)) {
		throw new Error(`"${value}" is not a range of at most 64 ports, e.g. 8061-8068`);
	}
	return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** The first port of `ports` nothing listens on at `host`; throws when every one is taken. */
export async function firstFreePort(host: string, ports: number[]): Promise<number> {
	for (const port of ports) if (await isPortFree(port, host)) return port;
	throw new Error(`Every port of ${ports[0]}-${ports.at(-1)} is taken: more replicas than the range holds`);
}

/** How often a replica waiting for its turn asks again. */
const RETRY_MS = 250;

/**
 * Runs `work` while holding the replicas' start lock on `connectionString`'s database; `work` alone
 * without one. A waiting replica asks with `pg_try_advisory_lock` again and again rather than
 * waiting inside `pg_advisory_lock`: a statement left waiting keeps its transaction open, and the
 * holder's bootstrap runs `CREATE INDEX CONCURRENTLY`, which waits for every open transaction to
 * end: the two would wait for each other for ever (seen in the stack).
 */
export async function whileHoldingStartLock<T>(connectionString: string | null, work: () => Promise<T>, retryMs = RETRY_MS): Promise<T> {
	if (!connectionString) return work();
	const client = new pg.Client({ connectionString });
	await client.connect();
	try {
		for (;;) {
			const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [START_LOCK_KEY]);
			if (rows[0]?.locked) break;
			await new Promise((resolve) => setTimeout(resolve, retryMs));
		}
		return await work();
	} finally {
		// Ending the session lets go of the lock even if the unlock itself failed.
		await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => {});
		await client.end();
	}
}
