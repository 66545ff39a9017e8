/**
 * PostgreSQL sites under RUNTIME_DRIVER=docker. A site's container has no route to the server: it
 * reaches its database through its gate, a Unix socket the runtime forwards, which admits only the
 * site's own role to its own database. The role owns that database and everything in it, and no
 * other role may connect to it, so isolation holds on the server too, whatever reaches it.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';
import { containerOfSite, dockerDriverEnv, nodeInContainer } from '../support/docker.ts';
import { hostRequest } from '../support/host-request.ts';
import { instanceDirOf, runtimeState } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { databasesWithPrefix, loginThroughRouter, rolesWithPrefix, TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'boxed-pg@example.com', password: 'boxed-pg-secret-password' };
let runtime: TestRuntime;

function databaseOf(projectId: string): string {
	const storage = runtimeState(runtime.dataDir).instances[projectId]?.storage;
	if (storage?.client !== 'pg') throw new Error(`${projectId} has no PostgreSQL database`);
	return storage.database;
}

async function asServerAdmin<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
	const url = new URL(TEST_POSTGRES_URL);
	url.pathname = `/${database}`;
	const client = new pg.Client({ connectionString: url.toString() });
	await client.connect();
	try {
		return await work(client);
	} finally {
		await client.end();
	}
}

/** Owners of the site's tables and sequences, and of the database itself. */
async function ownersIn(database: string): Promise<{ database: string; objects: string[] }> {
	return asServerAdmin(database, async (client) => {
		const objects = await client.query<{ owner: string }>(
			`SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
			 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'S', 'v')`,
		);
		const owner = await client.query<{ owner: string }>('SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = current_database()');
		return { database: owner.rows[0]!.owner, objects: objects.rows.map((row) => row.owner) };
	});
}

/**
 * Connects from inside the site's container through its gate, as `user` to `database` (the site's
 * own when left out), and reports who it is connected as, or the error it got.
 */
async function connectFromContainer(containerId: string, attempts: Array<{ user?: string; database?: string }>): Promise<string[]> {
	const script = `
		import pg from '/app/node_modules/pg/lib/index.js';
		const attempts = ${JSON.stringify(attempts)};
		const results = [];
		for (const attempt of attempts) {
			const client = new pg.Client({
				host: process.env.DB_HOST, port: Number(process.env.DB_PORT), password: process.env.DB_PASSWORD,
				user: attempt.user ?? process.env.DB_USER, database: attempt.database ?? process.env.DB_DATABASE,
			});
			try {
				await client.connect();
				const { rows } = await client.query('SELECT current_user AS who, current_database() AS db');
				results.push('connected as ' + rows[0].who + ' to ' + rows[0].db);
			} catch (error) {
				results.push('refused: ' + error.message);
			} finally {
				await client.end().catch(() => {});
			}
		}
		console.log(JSON.stringify(results));`;
	return JSON.parse(await nodeInContainer(containerId, script)) as string[];
}

beforeAll(async () => {
	runtime = new TestRuntime({ db: 'pg', warmPoolSize: 0, idleTimeoutSeconds: 900, env: await dockerDriverEnv() });
	await runtime.start();
	await runtime.driver.ensureInstance({ projectId: 'pg-boxed', subdomain: 'pgboxed', projectName: 'Boxed', admin });
	await runtime.driver.ensureInstance({ projectId: 'pg-other', subdomain: 'pgother', projectName: 'Other', admin });
}, 300_000);

afterAll(async () => {
	await runtime?.destroy();
});

describe('PostgreSQL sites in containers', () => {
	test('a site serves from its own database, reached only through its gate, as its own role', async () => {
		const database = databaseOf('pg-boxed');
		const container = await containerOfSite(runtime.dataDir, instanceDirOf(runtime.dataDir, 'pg-boxed'));
		const token = await loginThroughRouter(runtime.routerUrl, 'pgboxed.localhost', admin.email, admin.password);
		const me = await hostRequest(runtime.routerUrl, 'pgboxed.localhost', '/users/me', { headers: { authorization: `Bearer ${token}` } });
		expect(me.json<{ data: { email: string } }>().data.email).toBe(admin.email);

		// The gate's folder is mounted read-only; the server's address is nowhere in the container.
		const gateMount = container.Mounts.find((mount) => mount.Destination === '/run/epic-database');
		expect(gateMount).toMatchObject({ Type: 'bind', RW: false });
		const env = new Map(container.Config.Env.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
		expect(env.get('DB_HOST')).toBe('/run/epic-database');
		expect(env.get('DB_USER')).toBe(database);
		expect(env.get('DB_DATABASE')).toBe(database);
		expect(env.has('DB_CONNECTION_STRING')).toBe(false);

		const other = databaseOf('pg-other');
		expect(
			await connectFromContainer(container.Id, [{}, { user: 'postgres', database: 'postgres' }, { database: 'postgres' }, { database: other }, { user: other, database: other }]),
		).toEqual([
			`connected as ${database} to ${database}`,
			`refused: This site may connect only as role "${database}" to database "${database}"`,
			`refused: This site may connect only as role "${database}" to database "${database}"`,
			`refused: This site may connect only as role "${database}" to database "${database}"`,
			`refused: This site may connect only as role "${database}" to database "${database}"`,
		]);
	}, 120_000);

	test("each site's role owns its database and everything in it, and cannot connect to another's", async () => {
		const database = databaseOf('pg-boxed');
		const other = databaseOf('pg-other');
		expect(await ownersIn(database)).toEqual({ database, objects: [database] });
		const role = await asServerAdmin('postgres', async (client) => {
			const { rows } = await client.query('SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls FROM pg_roles WHERE rolname = $1', [database]);
			return rows[0];
		});
		expect(role).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolreplication: false, rolbypassrls: false });

		// Straight to the server, past any gate: the other site's role is refused at CONNECT.
		const url = new URL(TEST_POSTGRES_URL);
		url.username = other;
		url.pathname = `/${database}`;
		const intruder = new pg.Client({ connectionString: url.toString() });
		await expect(intruder.connect()).rejects.toThrow(`permission denied for database "${database}"`);
		await intruder.end().catch(() => {});
	}, 60_000);

	test("a restored site's objects are its role's, and it serves", async () => {
		const database = databaseOf('pg-boxed');
		const backup = await runtime.driver.createBackup('pg-boxed', 'manual');
		const started = await runtime.driver.startRestore('pg-boxed', backup.id);
		const job = await waitFor(
			'the restore to finish',
			async () => {
				const current = await runtime.driver.restoreJob('pg-boxed', started.id);
				return current.state === 'running' ? null : current;
			},
			120_000,
		);
		expect(job).toMatchObject({ state: 'succeeded' });
		expect(await ownersIn(database)).toEqual({ database, objects: [database] });
		await expect(loginThroughRouter(runtime.routerUrl, 'pgboxed.localhost', admin.email, admin.password)).resolves.toBeTruthy();
	}, 180_000);

	test('a runtime killed with SIGKILL opens the gates of the sites it adopts, and hands an old database to its role', async () => {
		const before = (await runtime.driver.instanceStatus('pg-boxed'))!;
		const other = databaseOf('pg-other');
		await runtime.kill9();
		// As a runtime from before site roles left it: the database and its tables are the admin's.
		const serverAdmin = await asServerAdmin('postgres', async (client) => (await client.query<{ who: string }>('SELECT current_user AS who')).rows[0]!.who);
		await asServerAdmin('postgres', (client) => client.query(`ALTER DATABASE "${other}" OWNER TO "${serverAdmin}"`));
		await asServerAdmin(other, (client) => client.query(`REASSIGN OWNED BY "${other}" TO "${serverAdmin}"`));
		expect(await ownersIn(other)).toEqual({ database: serverAdmin, objects: [serverAdmin] });

		await runtime.start();
		const adopted = await waitFor('the adopted site', async () => {
			const status = await runtime.driver.instanceStatus('pg-boxed');
			return status?.state === 'running' ? status : null;
		});
		expect(adopted.pid).toBe(before.pid);
		// Signing in reads and writes the site's database: through the gate the new runtime opened.
		await expect(loginThroughRouter(runtime.routerUrl, 'pgboxed.localhost', admin.email, admin.password)).resolves.toBeTruthy();
		expect(await ownersIn(other)).toEqual({ database: other, objects: [other] });
		await expect(loginThroughRouter(runtime.routerUrl, 'pgother.localhost', admin.email, admin.password)).resolves.toBeTruthy();
	}, 180_000);

	test("a deleted site's database, role and gate are gone", async () => {
		const database = databaseOf('pg-other');
		const container = await containerOfSite(runtime.dataDir, instanceDirOf(runtime.dataDir, 'pg-other'));
		const gateDir = container.Mounts.find((mount) => mount.Destination === '/run/epic-database')!.Source;
		await runtime.driver.deleteInstance('pg-other');
		expect(await databasesWithPrefix(runtime.dbPrefix)).not.toContain(database);
		expect(await rolesWithPrefix(runtime.dbPrefix)).not.toContain(database);
		expect(gateDir).toContain(`${runtime.dataDir}/gates/`);
		await waitFor('the gate folder to go', () => !existsSync(gateDir), 10_000);
	}, 60_000);
});
