/** What the runtime answers about one instance, and the states an instance moves through. */

export type InstanceState =
	| 'creating'
	| 'starting'
	| 'running'
	| 'restarting'
	| 'stopping'
	| 'sleeping'
	| 'stopped'
	| 'suspended';

export interface InstanceStatus {
	projectId: string;
	state: InstanceState;
	subdomain: string | null;
	domains: string[];
	/** Where the instance listens on its host, for diagnostics; null while it does not run. */
	port: number | null;
	pid: number | null;
	/** The site URL the running process knows (Directus reads it at start); null until it has one. */
	publicUrl: string | null;
	createdAt: string;
	lastRequestAt: string | null;
	memoryBytes: number | null;
	/** Only on single-instance reads: measuring every folder for a list would be slow. */
	diskBytes?: number;
	restarts: number;
	lastError: string | null;
	/** Only on the ensure that created the instance: handed out from the warm pool, or cloned. */
	source?: 'warm-pool' | 'cold';
}

/** Requests served for one project on one UTC day (`YYYY-MM-DD`). */
export interface DailyUsage {
	projectId: string;
	day: string;
	requests: number;
}

export interface PoolStatus {
	available: number;
}
