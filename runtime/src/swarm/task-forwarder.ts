/**
 * The site's port on the runtime's machine, forwarded to wherever its task runs. Everything in
 * the runtime that reaches a site (the router, readiness and health checks, the licence and
 * template calls) connects to 127.0.0.1:<site port> as it does for processes and containers; the
 * forwarder makes that the task's node and published port, found anew when the task moves.
 *
 * A connection that arrives while no task runs (the site is starting, or Swarm is moving it off a
 * lost node) waits for one, up to `waitMs`, as a request waits for a waking site; a task that
 * stops answering is looked up again at once rather than after its cache time.
 */
import net from 'node:net';
import type { TaskEndpoint } from './swarm-task-locator.ts';

/** How long a TCP connect to a task may take: a lost node drops packets rather than refusing them. */
const CONNECT_TIMEOUT_MS = 2000;
/** Between lookups while no task runs. */
const RETRY_MS = 200;
/** A located task is used this long before Swarm is asked again (a move is found sooner: a failed connect asks at once). */
export const TASK_CACHE_MS = 2000;
/** A connection waits this long for a task: a cold start, or a move off a lost node. */
export const CONNECTION_WAIT_MS = 60_000;

export interface TaskForwarderOptions {
	host: string;
	port: number;
	locate: () => Promise<TaskEndpoint | null>;
	/** How long a connection waits for a task to answer before it is closed. */
	waitMs: number;
	/** How long a located task is used without asking Swarm again. */
	cacheMs: number;
	now?: () => number;
	log: (message: string) => void;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection to host:port opened within `timeoutMs`, or null (refused, unreachable, too slow). */
export function connectWithin(endpoint: Pick<TaskEndpoint, 'host' | 'port'>, timeoutMs: number): Promise<net.Socket | null> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: endpoint.host, port: endpoint.port });
		const fail = () => {
			socket.destroy();
			resolve(null);
		};
		socket.setTimeout(timeoutMs, fail);
		socket.once('error', fail);
		socket.once('connect', () => {
			socket.setTimeout(0);
			socket.removeListener('error', fail);
			resolve(socket);
		});
	});
}

export class TaskForwarder {
	readonly #options: TaskForwarderOptions;
	readonly #now: () => number;
	readonly #server: net.Server;
	#cached: { endpoint: TaskEndpoint; at: number } | null = null;
	/** The task last forwarded to, so a move is logged once. */
	#lastTaskId: string | null = null;

	constructor(options: TaskForwarderOptions) {
		this.#options = options;
		this.#now = options.now ?? Date.now;
		this.#server = net.createServer({ pauseOnConnect: true }, (client) => {
			client.on('error', () => client.destroy());
			this.#forward(client).catch((error: Error) => {
				options.log(`forwarder: ${error.message}`);
				client.destroy();
			});
		});
	}

	listen(): Promise<void> {
		return new Promise((resolve, reject) => {
			this.#server.once('error', reject);
			this.#server.listen(this.#options.port, this.#options.host, () => {
				this.#server.removeListener('error', reject);
				resolve();
			});
		});
	}

	/** The port it listens on (the one asked for, or the one the system gave for 0); null before it listens. */
	port(): number | null {
		const address = this.#server.address();
		return address && typeof address === 'object' ? address.port : null;
	}

	close(): void {
		this.#server.close();
	}

	/** The task to forward to: the cached one while fresh, else Swarm's answer; null if none runs. */
	async #endpoint(): Promise<TaskEndpoint | null> {
		if (this.#cached && this.#now() - this.#cached.at < this.#options.cacheMs) return this.#cached.endpoint;
		let endpoint: TaskEndpoint | null = null;
		try {
			endpoint = await this.#options.locate();
		} catch (error) {
			this.#options.log(`forwarder: cannot ask Swarm where the task is: ${(error as Error).message}`);
		}
		this.#cached = endpoint ? { endpoint, at: this.#now() } : null;
		if (endpoint && endpoint.taskId !== this.#lastTaskId) {
			this.#options.log(`forwarding to task ${endpoint.taskId} on ${endpoint.host}:${endpoint.port}`);
			this.#lastTaskId = endpoint.taskId;
		}
		return endpoint;
	}

	async #forward(client: net.Socket): Promise<void> {
		const deadline = this.#now() + this.#options.waitMs;
		while (!client.destroyed && this.#now() < deadline) {
			const endpoint = await this.#endpoint();
			const upstream = endpoint ? await connectWithin(endpoint, CONNECT_TIMEOUT_MS) : null;
			if (upstream) {
				if (client.destroyed) {
					upstream.destroy();
					return;
				}
				upstream.on('error', () => client.destroy());
				client.on('close', () => upstream.destroy());
				upstream.on('close', () => client.destroy());
				client.pipe(upstream).pipe(client);
				client.resume();
				return;
			}
			// Whatever was cached does not answer: ask Swarm again next time round.
			this.#cached = null;
			await delay(RETRY_MS);
		}
		client.destroy();
	}
}
