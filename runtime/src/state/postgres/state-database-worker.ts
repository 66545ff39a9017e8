/**
 * The worker thread that talks to PostgreSQL for the state store. The store's methods are
 * synchronous (their callers read a record back at once, as they did from the state file), so the
 * main thread waits for each command here (synckit: a worker and `Atomics.wait`). Each opened
 * store has a connection of its own, which holds the runtime's claim on the records.
 */
import pg from 'pg';
import { runAsWorker } from 'synckit';
import { CREATE_STATE_TABLE, STATE_CHANGED_CHANNEL, STATE_CLAIM_SQL, STATE_TABLE, type StoredRecordRow } from './state-table.ts';

export type StateDatabaseCommand =
	{ kind: 'open'; url: string } | { kind: 'save'; handle: number; written: StoredRecordRow[]; removed: string[] } | { kind: 'close'; handle: number };

export type StateDatabaseAnswer = { handle: number; rows: StoredRecordRow[] } | { saved: number } | { closed: true };

export class StateClaimedElsewhere extends Error {
	override name = 'StateClaimedElsewhere';
}

interface Connection {
	url: string;
	client: pg.Client;
	/** Set when the connection failed: the next save connects again and claims the records again. */
	lost: boolean;
}

const connections = new Map<number, Connection>();
let nextHandle = 1;

/** PostgreSQL's answer for a database that does not exist. */
const NO_SUCH_DATABASE = '3D000';

/** The state database is the runtime's own: made on its first start, as the sites' databases are. */
async function createDatabase(url: string): Promise<void> {
	const server = new URL(url);
	const name = decodeURIComponent(server.pathname.slice(1));
	server.pathname = '/postgres';
	const admin = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 5_000 });
	await admin.connect();
	try {
		await admin.query(`create database ${pg.escapeIdentifier(name)}`);
	} catch (error) {
		// Another runtime made it meanwhile: the claim, next, decides between them.
		if ((error as { code?: string }).code !== '42P04') throw error;
	} finally {
		await admin.end().catch(() => {});
	}
}

async function connected(url: string): Promise<Connection> {
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
	const connection: Connection = { url, client, lost: false };
	// A connection the server ends must not end the runtime: the next save connects again.
	client.on('error', () => {
		connection.lost = true;
	});
	await client.connect();
	// A runtime whose machine dies sends no goodbye: the server's keepalives end its session (and
	// so its claim) within about 25 s, rather than the kernel's default two hours, so that the
	// runtime Swarm starts on another manager can take the records.
	await client.query('set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3');
	return connection;
}

async function connectAndClaim(url: string): Promise<Connection> {
	const connection = await connected(url).catch(async (error: unknown) => {
		if ((error as { code?: string }).code !== NO_SUCH_DATABASE) throw error;
		await createDatabase(url);
		return connected(url);
	});
	const { client } = connection;
	try {
		const { rows } = await client.query<{ claimed: boolean }>(STATE_CLAIM_SQL);
		if (!rows[0]?.claimed) {
			throw new StateClaimedElsewhere(
				`another runtime holds the site records in this database (its table ${STATE_TABLE}): one runtime manages a set of sites at a time; stop the other, or give this one a database of its own`,
			);
		}
		// Under the claim: two runtimes starting at once never both create the table.
		await client.query(CREATE_STATE_TABLE);
	} catch (error) {
		await client.end().catch(() => {});
		throw error;
	}
	return connection;
}

async function open(url: string): Promise<StateDatabaseAnswer> {
	const connection = await connectAndClaim(url);
	try {
		const { rows } = await connection.client.query<StoredRecordRow>(`select id, record, sealed_credentials from ${STATE_TABLE}`);
		const handle = nextHandle++;
		connections.set(handle, connection);
		return { handle, rows };
	} catch (error) {
		// No handle reaches the store, so nothing could close this session: it must not keep the claim.
		await connection.client.end().catch(() => {});
		throw error;
	}
}

async function usable(handle: number): Promise<Connection> {
	const connection = connections.get(handle);
	if (!connection) throw new Error(`state database handle ${handle} is closed`);
	if (!connection.lost) return connection;
	await connection.client.end().catch(() => {});
	// Claimed again before any write: a runtime that lost its claim to another never writes over it.
	const fresh = await connectAndClaim(connection.url);
	connections.set(handle, fresh);
	return fresh;
}

/** The connection failed (a server restart, an ended session), not the statement. */
function isConnectionFailure(error: unknown): boolean {
	const code = (error as { code?: unknown }).code;
	return typeof code !== 'string' || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

async function save(handle: number, written: StoredRecordRow[], removed: string[]): Promise<StateDatabaseAnswer> {
	try {
		return await saveOnce(handle, written, removed);
	} catch (error) {
		const connection = connections.get(handle);
		if (!connection || error instanceof StateClaimedElsewhere || !isConnectionFailure(error)) throw error;
		// The session ended before the worker heard of it: once more, on a new session with the claim.
		connection.lost = true;
		return await saveOnce(handle, written, removed);
	}
}

async function saveOnce(handle: number, written: StoredRecordRow[], removed: string[]): Promise<StateDatabaseAnswer> {
	const { client } = await usable(handle);
	await client.query('begin');
	try {
		if (removed.length) await client.query(`delete from ${STATE_TABLE} where id = any($1::text[])`, [removed]);
		for (const row of written) {
			await client.query(
				`insert into ${STATE_TABLE} (id, record, sealed_credentials, updated_at) values ($1, $2, $3, now())
				 on conflict (id) do update set record = excluded.record, sealed_credentials = excluded.sealed_credentials, updated_at = now()`,
				[row.id, JSON.stringify(row.record), row.sealed_credentials],
			);
		}
		await client.query(`select pg_notify('${STATE_CHANGED_CHANNEL}', '')`);
		await client.query('commit');
	} catch (error) {
		await client.query('rollback').catch(() => {});
		throw error;
	}
	return { saved: written.length + removed.length };
}

async function close(handle: number): Promise<StateDatabaseAnswer> {
	const connection = connections.get(handle);
	connections.delete(handle);
	// Ending the session lets go of the claim.
	await connection?.client.end().catch(() => {});
	return { closed: true };
}

runAsWorker(async (command: StateDatabaseCommand): Promise<StateDatabaseAnswer> => {
	switch (command.kind) {
		case 'open':
			return open(command.url);
		case 'save':
			return save(command.handle, command.written, command.removed);
		case 'close':
			return close(command.handle);
	}
});
