/**
 * The database half of the swarm fence (docs/swarm.md, Losing a node), on a PostgreSQL server that
 * asks for passwords (the machine's trusts local connections, where no password is ever checked):
 * a task's grant gives the site's role a password of that task's own and ends the sessions of
 * every earlier one; a runtime start keeps it on swarm; the runtime takes the derived password back
 * before it connects as the site itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InstanceStorage } from '../../runtime/src/state/instance-record.ts';
import { PostgresDatabases } from '../../runtime/src/storage/postgres-databases.ts';
import { reserveDatabaseFor, siteRolePassword } from '../../runtime/src/storage/site-roles.ts';
import { startPasswordPostgres, type PasswordPostgres } from '../support/swarm/password-postgres.ts';

const SECRET = 'runtime-secret-for-task-passwords';
const PREFIX = 'fence';
const storage: InstanceStorage = { client: 'pg', database: `${PREFIX}_0123456789abcdef` };
const role = storage.client === 'pg' ? storage.database : '';
let server: PasswordPostgres;
let admin: Knex;
let dataDir: string;
const opened: pg.Client[] = [];

/** What a client says of a session the server ended: as its query runs, or after the server's notice came first. */
const ENDED = /terminating connection due to administrator command|Connection terminated|connection error and is not queryable/;

/** PostgresDatabases as a runtime makes it: on swarm (passwords per task) or not. */
const databasesOf = (passwordsPerTask: boolean) => new PostgresDatabases(dataDir, '12.4.0', server.adminUrl, PREFIX, dataDir, SECRET, passwordsPerTask);

/** A session as the site's role with `password`, or the server's reason for refusing it. */
async function signIn(password: string): Promise<pg.Client | string> {
	const url = new URL(server.adminUrl);
	const client = new pg.Client({ host: url.hostname, port: Number(url.port), user: role, password, database: role });
	client.on('error', () => {});
	try {
		await client.connect();
		opened.push(client);
		return client;
	} catch (error) {
		return (error as Error).message;
	}
}

async function stillServes(client: pg.Client | string): Promise<string> {
	if (typeof client === 'string') return client;
	return client.query('SELECT 1').then(
		() => 'serves',
		(error: Error) => error.message,
	);
}

beforeAll(async () => {
	server = await startPasswordPostgres(['127.0.0.1']);
	admin = knex({ client: 'pg', connection: server.adminUrl, pool: { min: 0, max: 2 } });
	dataDir = mkdtempSync(path.join(tmpdir(), 'task-passwords-'));
	// A site's database and its role, as a clone leaves them: the derived password.
	await admin.raw(`CREATE DATABASE "${role}"`);
	const databases = databasesOf(true);
	await databases.resetSitePassword(storage);
	await reserveDatabaseFor(admin, role, role);
	await databases.close();
}, 60_000);

afterAll(async () => {
	for (const client of opened) await client.end().catch(() => {});
	await admin?.destroy();
	await server?.stop();
	if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a swarm site's role", () => {
	test("takes each new task's own password, and ends the sessions of the tasks before", async () => {
		const databases = databasesOf(true);
		/** A task's grant: the session and password before it are of no use any more; the task's own signs in. */
		const grantEnding = async (before: { session: pg.Client | string; password: string }, taskId: string) => {
			const password = await databases.grantTaskPassword(storage, taskId);
			expect(password).not.toBe(before.password);
			expect(await stillServes(before.session)).toMatch(ENDED);
			expect(await signIn(before.password)).toMatch(/password authentication failed/);
			const session = await signIn(password);
			expect(await stillServes(session)).toBe('serves');
			return { session, password };
		};
		try {
			const derived = siteRolePassword(SECRET, role);
			const beforeAnyTask = { session: await signIn(derived), password: derived };
			expect(await stillServes(beforeAnyTask.session)).toBe('serves');
			const first = await grantEnding(beforeAnyTask, 'task-one');
			// Swarm replaced the task (its node lost): the old one keeps neither its session nor a way back in.
			await grantEnding(first, 'task-two');
		} finally {
			await databases.close();
		}
	});

	test("keeps the running task's password through a runtime start, and has the derived one back before the runtime connects as the site", async () => {
		const swarm = databasesOf(true);
		try {
			const current = await swarm.grantTaskPassword(storage, 'task-three');
			// What a runtime start does for every site it has.
			await swarm.secureReferenced([storage]);
			expect(await stillServes(await signIn(current))).toBe('serves');

			// An upgrade's migrations, with the site stopped, connect with the derived password.
			await swarm.resetSitePassword(storage);
			expect(await stillServes(await signIn(siteRolePassword(SECRET, role)))).toBe('serves');
			expect(await signIn(current)).toMatch(/password authentication failed/);
		} finally {
			await swarm.close();
		}
		// Elsewhere (processes, containers) a start sets the derived password, as it always has.
		const single = databasesOf(false);
		try {
			await single.grantTaskPassword(storage, 'task-four');
			await single.secureReferenced([storage]);
			expect(await stillServes(await signIn(siteRolePassword(SECRET, role)))).toBe('serves');
		} finally {
			await single.close();
		}
	});
});
