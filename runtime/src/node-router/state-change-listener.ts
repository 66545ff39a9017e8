/**
 * Hears the runtime's record writes (its state database's STATE_CHANGED_CHANNEL, notified in each
 * write's transaction), so a node router reads the records again at once: a domain verified, a
 * site asleep or awake, routed here as soon as on the runtime's node, not a poll later. On its own
 * session, since a LISTEN lives as long as the session does; a session that ends is opened again
 * after `reconnectMs`, followed by one read, for the writes made while it was closed.
 */
import pg from 'pg';
import { STATE_CHANGED_CHANNEL } from '../state/postgres/state-table.ts';

export interface StateChangeListenerOptions {
	url: string;
	/** Called for each notification, and once after each (re)connection. */
	onChange: () => void;
	log: (message: string) => void;
	reconnectMs: number;
}

export class StateChangeListener {
	readonly #options: StateChangeListenerOptions;
	#client: pg.Client | null = null;
	#timer: NodeJS.Timeout | null = null;
	#closed = false;
	/** Whether the last attempt failed, so a database that stays down is logged once. */
	#failing = false;

	constructor(options: StateChangeListenerOptions) {
		this.#options = options;
	}

	/** Resolves once listening, or once the first attempt failed (then tried again every `reconnectMs`). Never rejects. */
	async start(): Promise<void> {
		const { url, onChange, log } = this.#options;
		const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
		this.#client = client;
		// Ended by the server or the network: once, whichever of the two events comes.
		let lost = false;
		const onLost = () => {
			if (lost || this.#closed) return;
			lost = true;
			void client.end().catch(() => {});
			this.#retry();
		};
		client.on('error', onLost);
		client.on('end', onLost);
		client.on('notification', () => onChange());
		try {
			await client.connect();
			await client.query(`listen ${STATE_CHANGED_CHANNEL}`);
		} catch (error) {
			if (!this.#failing) log(`cannot hear the runtime's record writes (reading them on the poll meanwhile): ${(error as Error).message}`);
			this.#failing = true;
			onLost();
			return;
		}
		if (this.#failing) log("hearing the runtime's record writes again");
		this.#failing = false;
		onChange();
	}

	#retry(): void {
		if (this.#closed) return;
		this.#timer = setTimeout(() => void this.start(), this.#options.reconnectMs);
	}

	async close(): Promise<void> {
		this.#closed = true;
		if (this.#timer) clearTimeout(this.#timer);
		await this.#client?.end().catch(() => {});
	}
}
