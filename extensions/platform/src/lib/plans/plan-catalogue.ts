/**
 * The public plan list is read on every landing-page visit but changes only when staff edit a plan
 * in Studio. It is kept in memory and dropped when a plan changes (the bundle's hook calls
 * `invalidate`); the TTL bounds staleness when another replica made the edit.
 */
/** Holds whatever the loader gives (plans with their translations); `T` keeps it testable. */
export class PlanCatalogue<T> {
	private cached: { plans: T[]; expiresAt: number } | null = null;
	private pending: Promise<T[]> | null = null;
	private generation = 0;
	private readonly load: () => Promise<T[]>;
	private readonly ttlMs: number;
	private readonly now: () => number;

	constructor(load: () => Promise<T[]>, ttlMs: number, now: () => number = Date.now) {
		this.load = load;
		this.ttlMs = ttlMs;
		this.now = now;
	}

	async list(): Promise<T[]> {
		if (this.cached && this.cached.expiresAt > this.now()) return this.cached.plans;
		// Concurrent misses share one database read.
		this.pending ??= this.refresh();
		return this.pending;
	}

	invalidate(): void {
		this.generation++;
		this.cached = null;
		this.pending = null;
	}

	private async refresh(): Promise<T[]> {
		const generation = this.generation;
		try {
			const plans = await this.load();
			// A plan edited while we were reading makes this result stale: do not keep it.
			if (generation === this.generation) this.cached = { plans, expiresAt: this.now() + this.ttlMs };
			return plans;
		} finally {
			if (generation === this.generation) this.pending = null;
		}
	}
}
