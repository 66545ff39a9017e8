/**
 * The `local` driver: a thin client of the runtime's management API on loopback, authenticated
 * with the shared secret. Errors keep the runtime's code and message so callers can show them.
 */
import {
	backupsPath,
	instancePath,
	INSTANCES_PATH,
	restoreJobPath,
	USAGE_PATH,
	type AdminCredentials,
	type BackupSummary,
	type DailyUsage,
	type EnsureInstanceRequest,
	type InstanceStatus,
	type RestoreCopySource,
	type RestoreJob,
	type RuntimeErrorBody,
	type SiteLogChunk,
	type SiteResources,
	type SiteTemplateName,
	type SiteTier,
	type UpgradeResult,
} from '@epic/runtime-contract';
import type { BackupArchive, RuntimeDriver } from './runtime-driver.ts';

/** An upgrade backs the site up and migrates its database: a large site takes minutes, not seconds. */
const UPGRADE_TIMEOUT_MS = 20 * 60 * 1000;

export class RuntimeRequestError extends Error {
	readonly status: number;
	readonly code: string;

	constructor(status: number, code: string, message: string) {
		super(message);
		this.status = status;
		this.code = code;
	}

	static from(status: number, payload: Partial<RuntimeErrorBody>): RuntimeRequestError {
		const error = payload.errors?.[0];
		return new RuntimeRequestError(status, error?.extensions?.code ?? 'RUNTIME_ERROR', error?.message ?? `Runtime answered ${status}`);
	}
}

export interface LocalRuntimeDriverOptions {
	url: string;
	secret: string;
	/** Creating a cold instance takes seconds; five at once on two cores, tens of seconds. */
	timeoutMs?: number;
}

export class LocalRuntimeDriver implements RuntimeDriver {
	readonly #url: string;
	readonly #secret: string;
	readonly #timeoutMs: number;

	constructor(options: LocalRuntimeDriverOptions) {
		this.#url = options.url.replace(/\/$/, '');
		this.#secret = options.secret;
		this.#timeoutMs = options.timeoutMs ?? 120_000;
	}

	withTimeout(timeoutMs: number): RuntimeDriver {
		return new LocalRuntimeDriver({ url: this.#url, secret: this.#secret, timeoutMs });
	}

	async #call<T>(method: string, path: string, body?: unknown, timeoutMs = this.#timeoutMs): Promise<T> {
		const response = await this.#send(method, path, body, AbortSignal.timeout(timeoutMs));
		if (response.status === 204) return undefined as T;
		const payload = (await response.json().catch(() => ({}))) as { data?: T } & Partial<RuntimeErrorBody>;
		if (!response.ok) throw RuntimeRequestError.from(response.status, payload);
		return payload.data as T;
	}

	#send(method: string, path: string, body?: unknown, signal: AbortSignal = AbortSignal.timeout(this.#timeoutMs)): Promise<Response> {
		return fetch(`${this.#url}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${this.#secret}`,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal,
		});
	}

	ensureInstance({ projectId, ...body }: EnsureInstanceRequest): Promise<InstanceStatus> {
		return this.#call('PUT', instancePath(projectId), body);
	}

	startInstance(projectId: string): Promise<InstanceStatus> {
		return this.#call('POST', instancePath(projectId, 'start'));
	}

	stopInstance(projectId: string): Promise<InstanceStatus> {
		return this.#call('POST', instancePath(projectId, 'stop'));
	}

	suspendInstance(projectId: string): Promise<InstanceStatus> {
		return this.#call('POST', instancePath(projectId, 'suspend'));
	}

	async deleteInstance(projectId: string): Promise<void> {
		try {
			await this.#call('DELETE', instancePath(projectId));
		} catch (error) {
			if (!(error instanceof RuntimeRequestError && error.status === 404)) throw error;
		}
	}

	async instanceStatus(projectId: string): Promise<InstanceStatus | null> {
		try {
			return await this.#call<InstanceStatus>('GET', instancePath(projectId));
		} catch (error) {
			if (error instanceof RuntimeRequestError && error.status === 404) return null;
			throw error;
		}
	}

	listInstances(): Promise<InstanceStatus[]> {
		return this.#call('GET', INSTANCES_PATH);
	}

	setAdminCredentials(projectId: string, admin: AdminCredentials): Promise<void> {
		return this.#call('PUT', instancePath(projectId, 'admin'), admin);
	}

	setCustomDomains(projectId: string, domains: string[]): Promise<InstanceStatus> {
		return this.#call('PUT', instancePath(projectId, 'domains'), { domains });
	}

	applyTemplate(projectId: string, template: SiteTemplateName): Promise<void> {
		return this.#call('POST', instancePath(projectId, 'template'), { template });
	}

	siteTier(projectId: string): Promise<SiteTier> {
		return this.#call('GET', instancePath(projectId, 'tier'));
	}

	siteLog(projectId: string, after?: number): Promise<SiteLogChunk> {
		return this.#call('GET', `${instancePath(projectId, 'logs')}${after === undefined ? '' : `?after=${after}`}`);
	}

	async siteLogStream(projectId: string, after: number | undefined, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
		const response = await this.#send('GET', `${instancePath(projectId, 'logs')}/stream${after === undefined ? '' : `?after=${after}`}`, undefined, signal);
		if (!response.ok || !response.body) {
			throw RuntimeRequestError.from(response.status, (await response.json().catch(() => ({}))) as Partial<RuntimeErrorBody>);
		}
		return response.body;
	}

	setCorsOrigins(projectId: string, origins: string[]): Promise<InstanceStatus> {
		return this.#call('PUT', instancePath(projectId, 'cors'), { origins });
	}

	setLicenceKey(projectId: string, key: string | null): Promise<void> {
		return this.#call('PUT', instancePath(projectId, 'license'), { key });
	}

	setSiteResources(projectId: string, resources: SiteResources): Promise<InstanceStatus> {
		return this.#call('PUT', instancePath(projectId, 'resources'), { resources });
	}

	usage(fromDay: string, projectId?: string): Promise<DailyUsage[]> {
		const query = new URLSearchParams({ from: fromDay, ...(projectId ? { projectId } : {}) });
		return this.#call('GET', `${USAGE_PATH}?${query}`);
	}

	listBackups(projectId: string): Promise<BackupSummary[]> {
		return this.#call('GET', backupsPath(projectId));
	}

	createBackup(projectId: string, kind: 'manual' | 'scheduled', keep?: number): Promise<BackupSummary> {
		return this.#call('POST', backupsPath(projectId), keep === undefined ? { kind } : { kind, keep });
	}

	async backupArchive(projectId: string, backupId: string): Promise<BackupArchive> {
		// The timeout bounds the wait for the answer only: a large archive may take longer to stream.
		const controller = new AbortController();
		const timer = setTimeout(() => controller.abort(new Error(`Runtime did not answer within ${this.#timeoutMs} ms`)), this.#timeoutMs);
		let response: Response;
		try {
			response = await this.#send('GET', backupsPath(projectId, backupId, 'archive'), undefined, controller.signal);
		} finally {
			clearTimeout(timer);
		}
		if (!response.ok || !response.body) {
			throw RuntimeRequestError.from(response.status, (await response.json().catch(() => ({}))) as Partial<RuntimeErrorBody>);
		}
		const length = Number(response.headers.get('content-length'));
		return { stream: response.body, size: Number.isSafeInteger(length) && length >= 0 ? length : null };
	}

	startRestore(projectId: string, backupId: string, copyFrom?: RestoreCopySource): Promise<RestoreJob> {
		return this.#call('POST', backupsPath(projectId, backupId, 'restore'), copyFrom ? { copyFrom } : undefined);
	}

	restoreJob(projectId: string, jobId: string): Promise<RestoreJob> {
		return this.#call('GET', restoreJobPath(projectId, jobId));
	}

	upgradeInstance(projectId: string): Promise<UpgradeResult> {
		return this.#call('POST', instancePath(projectId, 'upgrade'), undefined, Math.max(this.#timeoutMs, UPGRADE_TIMEOUT_MS));
	}
}
