/**
 * A PostgreSQL server of the tests' own, as a managed database would be: it listens on the swarm's
 * address as well as loopback, and every TCP connection signs in with a password (SCRAM). The
 * machine's PostgreSQL trusts local connections, which would let any site sign in as any role; a
 * swarm site's isolation rests on its role's password and its database's CONNECT rights, which only
 * a server that asks for passwords can show. Started with the machine's PostgreSQL binaries, as the
 * `postgres` user, in a folder of its own, removed by stop().
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import pg from 'pg';

const run = promisify(execFile);

export interface PasswordPostgres {
	port: number;
	/** The superuser's URL on loopback: the runtime's INSTANCE_PG_URL. */
	adminUrl: string;
	stop(): Promise<void>;
}

function postgresBin(): string {
	const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
	if (!versions.length) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql');
	return `/usr/lib/postgresql/${versions[0]}/bin`;
}

async function waitUntilAccepting(url: string, server: ChildProcess, output: () => string): Promise<void> {
	// A ceiling: the server starts in a second on a quiet machine; the swarm files run beside others.
	const deadline = Date.now() + 90_000;
	for (;;) {
		if (server.exitCode !== null) throw new Error(`The test PostgreSQL server exited: ${output()}`);
		const client = new pg.Client({ connectionString: url });
		try {
			await client.connect();
			await client.end();
			return;
		} catch (error) {
			await client.end().catch(() => undefined);
			if (Date.now() > deadline) throw new Error(`The test PostgreSQL server does not accept connections: ${(error as Error).message}; ${output()}`);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}
}

export async function startPasswordPostgres(listenAddresses: string[]): Promise<PasswordPostgres> {
	const bin = postgresBin();
	const dir = mkdtempSync(path.join(os.tmpdir(), 'epic-swarm-pg-'));
	const dataDir = path.join(dir, 'data');
	const password = randomBytes(18).toString('base64url');
	writeFileSync(path.join(dir, 'password'), `${password}\n`);
	// The server refuses to run as root: it runs as the machine's postgres user.
	const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
	const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
	chownSync(dir, uid, gid);
	chownSync(path.join(dir, 'password'), uid, gid);
	await run(`${bin}/initdb`, ['-D', dataDir, '-U', 'postgres', `--pwfile=${path.join(dir, 'password')}`, '--auth-local=peer', '--auth-host=scram-sha-256'], { uid, gid, cwd: dir });
	// Any address may ask; each must sign in with a password.
	writeFileSync(path.join(dataDir, 'pg_hba.conf'), 'local all postgres peer\nhost all all 0.0.0.0/0 scram-sha-256\n');
	const port = await freeLoopbackPort();
	let output = '';
	const server = spawn(
		`${bin}/postgres`,
		['-D', dataDir, '-p', String(port), '-k', dir, '-c', `listen_addresses=${listenAddresses.join(',')}`, '-c', 'max_connections=200', '-c', 'fsync=off'],
		{ stdio: ['ignore', 'pipe', 'pipe'], uid, gid, cwd: dir },
	);
	server.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
	server.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
	const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
	try {
		await waitUntilAccepting(adminUrl, server, () => output);
	} catch (error) {
		server.kill('SIGKILL');
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	return {
		port,
		adminUrl,
		async stop() {
			if (server.exitCode === null) {
				const exited = new Promise((resolve) => server.once('exit', resolve));
				// SIGINT: PostgreSQL's fast shutdown.
				server.kill('SIGINT');
				await exited;
			}
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
