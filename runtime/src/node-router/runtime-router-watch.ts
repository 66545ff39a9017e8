/**
 * Whether the runtime's router accepts connections, as a router on another node sees it: probed
 * with a TCP connect every `intervalMs`, so a request never waits out a connect timeout to learn
 * it. A runtime that goes (its task stopped, its machine lost) is seen within an interval and a
 * connect timeout; one that comes back, within an interval.
 */
import { connectWithin } from '../swarm/task-forwarder.ts';

/** How long a connection to the runtime's router may take to open, a probe's or a relay's: it is on the private network, where one opens in well under a millisecond. */
export const RUNTIME_ROUTER_CONNECT_TIMEOUT_MS = 1000;

/** Resolves true if a connection to host:port opened within `timeoutMs`. Never rejects. */
export type ProbeConnect = (host: string, port: number, timeoutMs: number) => Promise<boolean>;

export const probeConnect: ProbeConnect = async (host, port, timeoutMs) => {
	const socket = await connectWithin({ host, port }, timeoutMs);
	socket?.destroy();
	return socket !== null;
};

export interface RuntimeRouterWatchOptions {
	host: string;
	port: number;
	intervalMs: number;
	connectTimeoutMs: number;
	log: (message: string) => void;
	probe?: ProbeConnect;
}

/** What the node router is told of the runtime's router (runtime-router-watch.ts). */
export interface RuntimeRouterStatus {
	/** Whether it accepts connections now. */
	isUp(): boolean;
	/** A relay's connection to it was refused or did not open in time. */
	unreachable(): void;
	/** Calls `listener` each time it goes down. */
	onDown(listener: () => void): void;
}

export class RuntimeRouterWatch implements RuntimeRouterStatus {
	readonly #options: RuntimeRouterWatchOptions;
	readonly #probe: ProbeConnect;
	/** Unknown until the first probe: taken as up, so nothing is answered as if the runtime were gone. */
	#up = true;
	#timer: NodeJS.Timeout | null = null;
	readonly #downListeners: Array<() => void> = [];

	constructor(options: RuntimeRouterWatchOptions) {
		this.#options = options;
		this.#probe = options.probe ?? probeConnect;
	}

	isUp(): boolean {
		return this.#up;
	}

	/** One probe; logs a change either way. */
	async check(): Promise<boolean> {
		const { host, port, connectTimeoutMs } = this.#options;
		this.#set(await this.#probe(host, port, connectTimeoutMs));
		return this.#up;
	}

	/**
	 * A relayed request's connection was refused or did not open in time: the runtime's router is
	 * down now, as the next probe would find, so the requests after it are not relayed to fail in
	 * turn. The probes say when it is back.
	 */
	unreachable(): void {
		this.#set(false);
	}

	onDown(listener: () => void): void {
		this.#downListeners.push(listener);
	}

	#set(up: boolean): void {
		const { host, port, log } = this.#options;
		const changed = up !== this.#up;
		this.#up = up;
		if (!changed) return;
		log(
			up
				? `the runtime's router on ${host}:${port} answers again: every request goes through it`
				: `the runtime's router on ${host}:${port} does not answer: awake sites are served from their tasks directly`,
		);
		if (!up) for (const listener of this.#downListeners) listener();
	}

	/** Probes now, then every interval, one probe at a time. */
	async start(): Promise<void> {
		await this.check();
		const next = () => {
			this.#timer = setTimeout(() => void this.check().finally(() => this.#timer && next()), this.#options.intervalMs);
		};
		next();
	}

	stop(): void {
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = null;
	}
}
