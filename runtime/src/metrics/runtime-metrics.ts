/**
 * What the runtime counts and times, on a registry the caller owns (a test passes its own). Labels
 * are bounded sets (target, status class, source, reason): never a host or a project id, so the
 * number of series does not grow with the number of sites. Recording never throws: it runs in
 * exit handlers, timers and the router, where a throw would take the runtime down.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where the router sent a request: a customer's site or the control plane. */
export type ProxyTarget = 'site' | 'control_plane';
/** How a project's instance came to be: handed out from the warm pool, or cloned and booted. */
export type ProvisionSource = 'warm-pool' | 'cold';
/** Why a request could not be answered by its upstream. */
export type ProxyErrorReason = 'upstream' | 'wake';

/** A Directus boot takes seconds; a warm-pool hand-out a fraction of one. */
const START_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];

function statusClass(status: number): string {
	return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** A metric that cannot be recorded is logged, never thrown (the runtime's and the node router's). */
export function recordSafely(log: (message: string) => void, what: string, record: () => void): void {
	try {
		record();
	} catch (error) {
		log(`metrics: could not record ${what}: ${(error as Error).message}`);
	}
}

export class RuntimeMetrics {
	readonly registry: Registry;
	readonly #log: (message: string) => void;
	readonly #restarts: Counter;
	readonly #wake: Histogram;
	readonly #provision: Histogram<'source'>;
	readonly #proxyRequests: Counter<'target' | 'status_class'>;
	readonly #proxyErrors: Counter<'target' | 'reason'>;
	readonly #controlPlaneUp: Gauge;

	constructor(registry = new Registry(), log: (message: string) => void = () => {}) {
		this.registry = registry;
		this.#log = log;
		const registers = [registry];
		this.#restarts = new Counter({
			name: 'epic_instance_restarts_total',
			help: 'Instance processes restarted after a crash or a failed start.',
			registers,
		});
		this.#wake = new Histogram({
			name: 'epic_instance_wake_seconds',
			help: 'Time from a request for a sleeping instance to the instance answering.',
			buckets: START_BUCKETS,
			registers,
		});
		this.#provision = new Histogram({
			name: 'epic_instance_provision_seconds',
			help: 'Time to give a new project a running instance, by source (warm-pool or cold).',
			labelNames: ['source'],
			buckets: START_BUCKETS,
			registers,
		});
		this.#proxyRequests = new Counter({
			name: 'epic_proxy_requests_total',
			help: 'Requests the host router proxied and that got an answer, by target and status class.',
			labelNames: ['target', 'status_class'],
			registers,
		});
		this.#proxyErrors = new Counter({
			name: 'epic_proxy_errors_total',
			help: 'Requests the host router could not proxy, by target and reason (upstream unreachable, wake failed).',
			labelNames: ['target', 'reason'],
			registers,
		});
		this.#controlPlaneUp = new Gauge({
			name: 'epic_control_plane_metrics_up',
			help: '1 when the control plane answered the last metrics scrape, else 0.',
			registers,
		});
	}

	#safely(what: string, record: () => void): void {
		recordSafely(this.#log, what, record);
	}

	instanceRestarted(): void {
		this.#safely('a restart', () => this.#restarts.inc());
	}

	woke(seconds: number): void {
		this.#safely('a wake', () => this.#wake.observe(seconds));
	}

	provisioned(source: ProvisionSource, seconds: number): void {
		this.#safely('a provision', () => this.#provision.observe({ source }, seconds));
	}

	proxied(target: ProxyTarget, status: number): void {
		this.#safely('a proxied request', () => this.#proxyRequests.inc({ target, status_class: statusClass(status) }));
	}

	proxyFailed(target: ProxyTarget, reason: ProxyErrorReason): void {
		this.#safely('a proxy error', () => this.#proxyErrors.inc({ target, reason }));
	}

	controlPlaneAnswered(up: boolean): void {
		this.#safely('the control plane state', () => this.#controlPlaneUp.set(up ? 1 : 0));
	}
}
