/**
 * A PostgreSQL site in a container reaches its database only through its gate: a Unix socket the
 * runtime listens on, in a folder mounted into that container alone. The container has no route
 * to the server (docker-network.ts); the gate forwards to it from the host, and only for the
 * site's own role and database: it reads the client's start-up packet and turns away any other
 * user or database before a byte reaches the server. So a site's isolation does not rest on the
 * server's pg_hba.conf (a server that trusts local connections would otherwise accept any role).
 */
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fatalErrorPacket, readStartupPacket } from './startup-packet.ts';

export interface GateTarget {
	host: string;
	port: number;
	/** The only role and database the site may connect as and to. */
	user: string;
	database: string;
}

/** The socket's name inside its folder: libpq's and node-postgres's for port 5432. */
export const GATE_SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${GATE_SOCKET_PORT}`;
/** sun_path holds 108 bytes on Linux, its final NUL included; a longer path is cut short. */
const MAX_SOCKET_PATH_BYTES = 107;
/** A client that has not sent its start-up packet by then is dropped. */
const STARTUP_TIMEOUT_MS = 10_000;

export interface DatabaseGate {
	/** The folder to mount into the site's container; the socket is inside it. Closing removes it. */
	dir: string;
	close(): Promise<void>;
}

function refuse(client: net.Socket, message: string): void {
	// 28000: invalid_authorization_specification, what the server says for a refused role.
	client.end(fatalErrorPacket('28000', message));
}

function admitted(parameters: Record<string, string>, target: GateTarget): boolean {
	const user = parameters['user'];
	// The server's default database is the user's name.
	const database = parameters['database'] ?? user;
	return user === target.user && database === target.database && parameters['replication'] === undefined;
}

function forward(client: net.Socket, target: GateTarget, firstBytes: Buffer): void {
	const server = net.connect(target.port, target.host);
	server.on('error', () => client.destroy());
	client.on('error', () => server.destroy());
	server.write(firstBytes);
	client.pipe(server);
	server.pipe(client);
}

function handle(client: net.Socket, target: GateTarget): void {
	let received = Buffer.alloc(0);
	client.setTimeout(STARTUP_TIMEOUT_MS, () => client.destroy());
	client.on('error', () => client.destroy());
	const onData = (chunk: Buffer) => {
		received = Buffer.concat([received, chunk]);
		for (;;) {
			const packet = readStartupPacket(received);
			if (packet.kind === 'incomplete') return;
			if (packet.kind === 'encryption-request') {
				// The socket never leaves the machine: the client goes on without encryption.
				client.write('N');
				received = received.subarray(packet.length);
				continue;
			}
			// Paused before the listener goes, so no byte is lost before the pipe takes over.
			client.pause();
			client.off('data', onData);
			client.setTimeout(0);
			if (packet.kind === 'invalid') return refuse(client, `The database gate could not read this connection: ${packet.reason}`);
			// A cancel request names a running query by its secret key; the server checks that key.
			if (packet.kind === 'startup' && !admitted(packet.parameters, target)) {
				return refuse(client, `This site may connect only as role "${target.user}" to database "${target.database}"`);
			}
			return forward(client, target, received);
		}
	};
	client.on('data', onData);
}

/**
 * Listens on `dir`/.s.PGSQL.5432 (made afresh: a previous runtime's socket is removed). Node binds
 * a Unix socket within listen(), so the socket exists when this returns; a later failure is logged.
 */
export function openDatabaseGate(dir: string, target: GateTarget, log: (message: string) => void): DatabaseGate {
	const socketPath = path.join(dir, SOCKET_NAME);
	if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
		throw new Error(`The database gate's socket path ${socketPath} is longer than Unix sockets allow (${MAX_SOCKET_PATH_BYTES} bytes): choose a shorter RUNTIME_DATA_DIR`);
	}
	mkdirSync(dir, { recursive: true, mode: 0o755 });
	rmSync(socketPath, { force: true });
	const server = net.createServer((client) => handle(client, target));
	server.on('error', (error) => log(`database gate ${socketPath}: ${error.message}`));
	// The site runs as its own unprivileged user; only its container mounts this folder.
	server.listen({ path: socketPath, readableAll: true, writableAll: true });
	return {
		dir,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				rmSync(dir, { recursive: true, force: true });
			}),
	};
}
