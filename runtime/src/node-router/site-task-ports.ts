/**
 * A loopback port for each awake site, forwarded to the site's task wherever Swarm runs it
 * (task-forwarder.ts, as the site's holder does on the runtime's machine), so the host router's
 * direct path reaches a site as the runtime's router does: through 127.0.0.1:<port>. Kept in step
 * with the records: a site that sleeps, stops or goes loses its port.
 */
import type { InstanceRecord } from '../state/instance-record.ts';
import { serviceName } from '../swarm/swarm-service-arguments.ts';
import type { TaskEndpoint } from '../swarm/swarm-task-locator.ts';
import { TaskForwarder } from '../swarm/task-forwarder.ts';

export interface SiteTaskPortsOptions {
	/** The site service's running task (swarm-task-locator.ts locateTask). */
	locate(service: string): Promise<TaskEndpoint | null>;
	/** How long a connection waits for a task that is moving or starting. */
	waitMs: number;
	cacheMs: number;
	log(message: string): void;
}

/** A site the runtime wants serving now: its task should be running somewhere. */
export function isAwakeSite(record: InstanceRecord): boolean {
	return record.kind === 'project' && record.phase === 'ready' && record.desired === 'running' && !record.asleep;
}

export class SiteTaskPorts {
	readonly #options: SiteTaskPortsOptions;
	readonly #forwarders = new Map<string, TaskForwarder>();

	constructor(options: SiteTaskPortsOptions) {
		this.#options = options;
	}

	/** Opens a port for each awake site that has none, and closes those of the others. */
	async sync(records: readonly InstanceRecord[]): Promise<void> {
		const awake = new Map(records.filter(isAwakeSite).map((record) => [record.id, record]));
		for (const [id, forwarder] of this.#forwarders) {
			if (awake.has(id)) continue;
			forwarder.close();
			this.#forwarders.delete(id);
		}
		for (const [id, record] of awake) {
			if (this.#forwarders.has(id)) continue;
			const service = serviceName(record.dir);
			const log = (message: string) => this.#options.log(`${service}: ${message}`);
			const forwarder = new TaskForwarder({
				host: '127.0.0.1',
				port: 0,
				locate: () => this.#options.locate(service),
				waitMs: this.#options.waitMs,
				cacheMs: this.#options.cacheMs,
				log,
			});
			this.#forwarders.set(id, forwarder);
			await forwarder.listen();
		}
	}

	/** The site's loopback port, or null while it has none (not awake, or its port still opening). */
	portOf(record: InstanceRecord): number | null {
		return this.#forwarders.get(record.id)?.port() ?? null;
	}

	close(): void {
		for (const forwarder of this.#forwarders.values()) forwarder.close();
		this.#forwarders.clear();
	}
}
