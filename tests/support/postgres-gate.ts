/**
 * A TCP proxy in front of the test PostgreSQL server that can make one database refuse: its open
 * connections are cut, and new ones are closed as soon as their startup message names it, while
 * connections to other databases pass. A test can so start and end an outage of one runtime's
 * admin database without touching the server others share.
 */
import net from 'node:net';

/** A client asking for TLS first; the gate answers "no" and reads the real startup message. */
const SSL_REQUEST_CODE = 80877103;

interface Connection {
	database: string;
	client: net.Socket;
	upstream: net.Socket;
}

/** The database a startup message's parameters name (PostgreSQL's default: the user's name). */
function databaseOf(parameters: Buffer): string {
	const fields = parameters.toString('utf8').split('\0');
	const values = new Map<string, string>();
	for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i]) values.set(fields[i]!, fields[i + 1]!);
	return values.get('database') ?? values.get('user') ?? '';
}

export class PostgresGate {
	readonly #upstream: URL;
	readonly #server: net.Server;
	readonly #connections = new Set<Connection>();
	readonly #refused = new Set<string>();

	private constructor(upstreamUrl: string) {
		this.#upstream = new URL(upstreamUrl);
		this.#server = net.createServer((client) => this.#accept(client));
	}

	static async open(upstreamUrl: string): Promise<PostgresGate> {
		const gate = new PostgresGate(upstreamUrl);
		await new Promise<void>((resolve, reject) => {
			gate.#server.once('error', reject);
			gate.#server.listen(0, '127.0.0.1', () => resolve());
		});
		return gate;
	}

	/** The upstream URL, through the gate. */
	get url(): string {
		const url = new URL(this.#upstream);
		url.hostname = '127.0.0.1';
		url.port = String((this.#server.address() as net.AddressInfo).port);
		return url.toString();
	}

	refuse(database: string): void {
		this.#refused.add(database);
		for (const connection of this.#connections) {
			if (connection.database !== database) continue;
			connection.client.destroy();
			connection.upstream.destroy();
		}
	}

	admit(database: string): void {
		this.#refused.delete(database);
	}

	async close(): Promise<void> {
		for (const connection of this.#connections) {
			connection.client.destroy();
			connection.upstream.destroy();
		}
		await new Promise((resolve) => this.#server.close(resolve));
	}

	#accept(client: net.Socket): void {
		let received = Buffer.alloc(0);
		client.on('error', () => client.destroy());
		const onData = (chunk: Buffer) => {
			received = Buffer.concat([received, chunk]);
			while (received.length >= 8 && received.length >= received.readInt32BE(0)) {
				const length = received.readInt32BE(0);
				if (received.readInt32BE(4) !== SSL_REQUEST_CODE) {
					client.off('data', onData);
					client.pause();
					this.#forward(client, databaseOf(received.subarray(8, length)), received);
					return;
				}
				received = received.subarray(length);
				client.write('N');
			}
		};
		client.on('data', onData);
	}

	#forward(client: net.Socket, database: string, startup: Buffer): void {
		if (this.#refused.has(database)) {
			client.destroy();
			return;
		}
		const upstream = net.connect(Number(this.#upstream.port || 5432), this.#upstream.hostname);
		const connection = { database, client, upstream };
		this.#connections.add(connection);
		const end = () => {
			this.#connections.delete(connection);
			client.destroy();
			upstream.destroy();
		};
		upstream.on('error', end);
		upstream.on('close', end);
		client.on('close', end);
		upstream.write(startup);
		client.pipe(upstream).pipe(client);
	}
}
