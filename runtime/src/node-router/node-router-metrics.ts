/**
 * What a node router counts, for its own scrape address (NODE_ROUTER_METRICS_HOST:PORT): which way
 * each request went (relayed to the runtime's router, answered from a site's task, or the
 * platform-unavailable page), the relays that failed and why, and whether it sees the runtime's
 * router, with its process's own figures. An alert on `epic_node_router_runtime_router_up == 0` or
 * a rising `direct` count is how an operator learns that sites are served without the runtime.
 * Labels are bounded sets, never a host or a project. Recording never throws: it runs in the router.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { recordSafely } from '../metrics/runtime-metrics.ts';

/** How a request was answered: relayed to the runtime's router, from the site's task, or with the platform-unavailable page. */
export type NodeRouterWay = 'relayed' | 'direct' | 'unavailable';
/** Why a relay failed: its connection never opened, it was cut when the runtime's router went, or another error. */
export type RelayFailure = 'not_connected' | 'cut' | 'error';

export class NodeRouterMetrics {
	readonly registry: Registry;
	readonly #log: (message: string) => void;
	readonly #requests: Counter<'way'>;
	readonly #relayFailures: Counter<'reason'>;
	readonly #directFailures: Counter;

	/** `runtimeRouterUp`: read at each scrape. */
	constructor(runtimeRouterUp: () => boolean, log: (message: string) => void, registry = new Registry()) {
		this.registry = registry;
		this.#log = log;
		const registers = [registry];
		collectDefaultMetrics({ register: registry, prefix: 'epic_node_router_' });
		this.#requests = new Counter({
			name: 'epic_node_router_requests_total',
			help: "Requests and websocket upgrades, by the way they were answered: relayed to the runtime's router, direct from the site's task, or unavailable (the platform-unavailable page).",
			labelNames: ['way'],
			registers,
		});
		this.#relayFailures = new Counter({
			name: 'epic_node_router_relay_failures_total',
			help: "Relays to the runtime's router that failed, by reason: not_connected (refused or timed out: answered without the runtime), cut (in flight when it went), error.",
			labelNames: ['reason'],
			registers,
		});
		this.#directFailures = new Counter({
			name: 'epic_node_router_direct_failures_total',
			help: "Requests the node router sent to a site's task that got no answer from it.",
			registers,
		});
		new Gauge({
			name: 'epic_node_router_runtime_router_up',
			help: "1 while the node router sees the runtime's router answer (its probe and its relays), else 0.",
			registers,
			collect() {
				this.set(runtimeRouterUp() ? 1 : 0);
			},
		});
	}

	#safely(what: string, record: () => void): void {
		recordSafely(this.#log, what, record);
	}

	answered(way: NodeRouterWay): void {
		this.#safely('a request', () => this.#requests.inc({ way }));
	}

	relayFailed(reason: RelayFailure): void {
		this.#safely('a failed relay', () => this.#relayFailures.inc({ reason }));
	}

	directFailed(): void {
		this.#safely("a task's failure", () => this.#directFailures.inc());
	}
}
