/**
 * `GET /projects/{id}/logs` and `/logs/stream` (docs/product.md, Site log): the site's recent log
 * lines and the lines that follow, to its owner, or to staff for any project
 * (project-visibility.ts). The runtime reads and masks them (runtime/src/instances/site-log.ts);
 * nothing here sees a line the owner would not.
 */
import type { ProjectLogChunk } from '@epic/platform-api';
import { LogsNotReadyError, LogsUnavailableError } from '../../errors.ts';
import { RuntimeRequestError } from '../../runtime-driver/local-runtime-driver.ts';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { assertProjectVisible, type ProjectCaller, type SiteReadOptions } from '../project-visibility.ts';

export type ProjectLogsOptions = SiteReadOptions;

export class ProjectLogsService {
	readonly #options: ProjectLogsOptions;

	constructor(options: ProjectLogsOptions) {
		this.#options = options;
	}

	async read(caller: ProjectCaller, projectId: string, after: number | undefined): Promise<ProjectLogChunk> {
		const driver = await this.#driverFor(caller, projectId);
		return this.#fromRuntime(projectId, () => driver.siteLog(projectId, after));
	}

	async stream(caller: ProjectCaller, projectId: string, after: number | undefined, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
		const driver = await this.#driverFor(caller, projectId);
		return this.#fromRuntime(projectId, () => driver.siteLogStream(projectId, after, signal));
	}

	async #driverFor(caller: ProjectCaller, projectId: string): Promise<RuntimeDriver> {
		await assertProjectVisible(this.#options.database, caller, projectId);
		const driver = this.#options.driver();
		if (!driver) throw new LogsNotReadyError();
		return driver;
	}

	/** A site the runtime does not know yet has no log; a runtime that fails is said to be unavailable. */
	async #fromRuntime<T>(projectId: string, call: () => Promise<T>): Promise<T> {
		try {
			return await call();
		} catch (error) {
			if (error instanceof RuntimeRequestError && error.status === 404) throw new LogsNotReadyError();
			this.#options.logger.warn(`The log of project ${projectId} could not be read from the runtime: ${(error as Error).message}`);
			throw new LogsUnavailableError();
		}
	}
}
