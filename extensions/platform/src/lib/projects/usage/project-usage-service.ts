/**
 * `GET /projects/usage` (docs/product.md, Projects API): the router's request counts for the
 * caller's own projects. The runtime is asked about each of those projects by id, so another
 * customer's counts are never even fetched. Without a runtime, or when it does not answer, the
 * answer says so instead of showing zeros.
 */
import type { ProjectsUsage } from '@epic/platform-api';
import type { DailyUsage, RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { projectsUsageFrom } from './usage-figures.ts';
import { usageWindow } from './usage-window.ts';

/** Calls to the runtime at once: an unlimited plan may hold hundreds of projects. */
const CONCURRENT_CALLS = 8;

export interface ProjectUsageOptions {
	/** The owner's project ids, oldest first. */
	ownProjectIds: (userId: string) => Promise<string[]>;
	/** Null when no runtime is configured. */
	driver: () => RuntimeDriver | null;
	now: () => Date;
	logger: { warn(message: string): void };
}

export class ProjectUsageService {
	readonly #options: ProjectUsageOptions;

	constructor(options: ProjectUsageOptions) {
		this.#options = options;
	}

	async forOwner(userId: string): Promise<ProjectsUsage> {
		const driver = this.#options.driver();
		if (!driver) return { available: false, reason: 'not_configured' };
		const window = usageWindow(this.#options.now());
		const ids = await this.#options.ownProjectIds(userId);
		let rows: DailyUsage[];
		try {
			rows = await this.#countsOf(driver, ids, window.previousFrom);
		} catch (error) {
			this.#options.logger.warn(`Usage could not be read from the runtime: ${(error as Error).message}`);
			return { available: false, reason: 'unreachable' };
		}
		return { available: true, from: window.from, to: window.to, ...projectsUsageFrom(window, ids, rows) };
	}

	async #countsOf(driver: RuntimeDriver, ids: string[], fromDay: string): Promise<DailyUsage[]> {
		const rows: DailyUsage[] = [];
		for (let start = 0; start < ids.length; start += CONCURRENT_CALLS) {
			const batch = ids.slice(start, start + CONCURRENT_CALLS);
			for (const projectRows of await Promise.all(batch.map((id) => driver.usage(fromDay, id)))) rows.push(...projectRows);
		}
		return rows;
	}
}
