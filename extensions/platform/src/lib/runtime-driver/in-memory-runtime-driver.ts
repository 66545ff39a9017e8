/**
 * A `RuntimeDriver` that keeps its sites in memory, for unit tests of the code that drives the
 * runtime (the reconciler, domain routing, backups): it answers as the runtime does for the
 * lifecycle, admin, domains, allowed origins, templates, licence keys, limits, requests per day
 * and the list and taking of backups, records every call, and fails a call on request. What a
 * running site would change by itself (its last request, restarts, disk, mail) a test sets with
 * `observe`. What it does not model (logs, archives, restores, upgrades, the tier) throws saying
 * so, so a test never passes on an answer the runtime would not give. The bundle never builds one.
 */
import { randomBytes } from 'node:crypto';
import type { AdminCredentials, BackupSummary, DailyUsage, EnsureInstanceRequest, InstanceState, InstanceStatus, SiteResources, SiteTemplateName } from '@epic/runtime-contract';
import type { RuntimeDriver } from './runtime-driver.ts';

type Method = keyof RuntimeDriver;

export class InMemoryRuntimeDriver implements RuntimeDriver {
	readonly #sites = new Map<string, InstanceStatus>();
	/** The port each site listens on while it runs. */
	readonly #ports = new Map<string, number>();
	readonly #failures = new Map<Method, Error>();
	readonly #now: () => Date;
	/** Every call, in order, as `method projectId`. */
	readonly calls: string[] = [];
	/** The admin each site was last given. */
	readonly admins = new Map<string, AdminCredentials>();
	/** The starters put on each site, in order. */
	readonly templates = new Map<string, SiteTemplateName[]>();
	/** The licence key each site holds (null once removed). */
	readonly licenceKeys = new Map<string, string | null>();
	/** Each site's backups, oldest first. */
	readonly #backups = new Map<string, BackupSummary[]>();
	/** Requests the router counted, per project and UTC day. */
	readonly #requests: DailyUsage[] = [];

	constructor(now: () => Date = () => new Date()) {
		this.#now = now;
	}

	/** Calls here answer at once: the same driver. */
	withTimeout(): RuntimeDriver {
		return this;
	}

	/** What the runtime would have seen of a site since: its last request, restarts, disk, mail. */
	observe(projectId: string, change: Partial<InstanceStatus>): void {
		this.#update(projectId, change);
	}

	/** The router counted `requests` for the project on `day` (YYYY-MM-DD). */
	countRequests(projectId: string, day: string, requests: number): void {
		const existing = this.#requests.find((row) => row.projectId === projectId && row.day === day);
		if (existing) existing.requests = requests;
		else this.#requests.push({ projectId, day, requests });
	}

	/** The next call of `method` rejects with `error` (once). */
	failNext(method: Method, error: Error): void {
		this.#failures.set(method, error);
	}

	#call(method: Method, projectId: string): void {
		this.calls.push(`${method} ${projectId}`);
		const failure = this.#failures.get(method);
		if (failure) {
			this.#failures.delete(method);
			throw failure;
		}
	}

	#site(projectId: string): InstanceStatus {
		const site = this.#sites.get(projectId);
		if (!site) throw new Error(`No instance for project ${projectId}`);
		return site;
	}

	#update(projectId: string, change: Partial<InstanceStatus>): InstanceStatus {
		const site = { ...this.#site(projectId), ...change };
		this.#sites.set(projectId, site);
		return { ...site };
	}

	#withState(projectId: string, state: InstanceState): InstanceStatus {
		return this.#update(projectId, { state, port: state === 'running' ? (this.#ports.get(projectId) ?? null) : null });
	}

	async ensureInstance(request: EnsureInstanceRequest): Promise<InstanceStatus> {
		this.#call('ensureInstance', request.projectId);
		this.admins.set(request.projectId, request.admin);
		const existing = this.#sites.get(request.projectId);
		if (existing) return { ...existing };
		const port = 40_000 + this.#ports.size;
		this.#ports.set(request.projectId, port);
		const site: InstanceStatus = {
			projectId: request.projectId,
			state: 'running',
			subdomain: request.subdomain,
			domains: [],
			corsOrigins: [],
			port,
			pid: null,
			publicUrl: null,
			createdAt: this.#now().toISOString(),
			lastRequestAt: null,
			memoryBytes: null,
			restarts: 0,
			lastError: null,
			directusVersion: '12.4.0',
			upgradeFailure: null,
			...(request.resources ? { resources: request.resources as SiteResources } : {}),
		};
		this.#sites.set(request.projectId, site);
		return { ...site, source: 'cold' };
	}

	async startInstance(projectId: string): Promise<InstanceStatus> {
		this.#call('startInstance', projectId);
		return this.#withState(projectId, 'running');
	}

	async stopInstance(projectId: string): Promise<InstanceStatus> {
		this.#call('stopInstance', projectId);
		return this.#withState(projectId, 'stopped');
	}

	async suspendInstance(projectId: string): Promise<InstanceStatus> {
		this.#call('suspendInstance', projectId);
		return this.#withState(projectId, 'suspended');
	}

	async deleteInstance(projectId: string): Promise<void> {
		this.#call('deleteInstance', projectId);
		this.#sites.delete(projectId);
	}

	async instanceStatus(projectId: string): Promise<InstanceStatus | null> {
		this.#call('instanceStatus', projectId);
		const site = this.#sites.get(projectId);
		return site ? { ...site } : null;
	}

	async listInstances(): Promise<InstanceStatus[]> {
		this.#call('listInstances', '*');
		return [...this.#sites.values()].map((site) => ({ ...site }));
	}

	async setAdminCredentials(projectId: string, admin: AdminCredentials): Promise<void> {
		this.#call('setAdminCredentials', projectId);
		this.#site(projectId);
		this.admins.set(projectId, admin);
	}

	async setCustomDomains(projectId: string, domains: string[]): Promise<InstanceStatus> {
		this.#call('setCustomDomains', projectId);
		return this.#update(projectId, { domains: [...domains] });
	}

	async applyTemplate(projectId: string, template: SiteTemplateName): Promise<void> {
		this.#call('applyTemplate', projectId);
		this.#site(projectId);
		this.templates.set(projectId, [...(this.templates.get(projectId) ?? []), template]);
	}

	async setCorsOrigins(projectId: string, origins: string[]): Promise<InstanceStatus> {
		this.#call('setCorsOrigins', projectId);
		return this.#update(projectId, { corsOrigins: [...origins] });
	}

	async setLicenceKey(projectId: string, key: string | null): Promise<void> {
		this.#call('setLicenceKey', projectId);
		this.#site(projectId);
		this.licenceKeys.set(projectId, key);
	}

	async setSiteResources(projectId: string, resources: SiteResources): Promise<InstanceStatus> {
		this.#call('setSiteResources', projectId);
		return this.#update(projectId, { resources });
	}

	#notModelled(method: Method): never {
		throw new Error(`InMemoryRuntimeDriver does not model ${method}`);
	}

	siteTier(): never {
		return this.#notModelled('siteTier');
	}

	siteLog(): never {
		return this.#notModelled('siteLog');
	}

	siteLogStream(): never {
		return this.#notModelled('siteLogStream');
	}

	async usage(fromDay: string, projectId?: string): Promise<DailyUsage[]> {
		this.#call('usage', `${projectId ?? '*'} from ${fromDay}`);
		return this.#requests.filter((row) => row.day >= fromDay && (projectId === undefined || row.projectId === projectId)).map((row) => ({ ...row }));
	}

	async listBackups(projectId: string): Promise<BackupSummary[]> {
		this.#call('listBackups', projectId);
		return [...(this.#backups.get(projectId) ?? [])].reverse();
	}

	/** A backup taken now, named as the runtime names them (`20260131T120000000Z-0a1b2c3d`). */
	async createBackup(projectId: string, kind: 'manual' | 'scheduled'): Promise<BackupSummary> {
		this.#call('createBackup', projectId);
		this.#site(projectId);
		const createdAt = this.#now().toISOString();
		const stamp = createdAt.replace(/[-:.]/g, '');
		const backup: BackupSummary = { id: `${stamp}-${randomBytes(4).toString('hex')}`, projectId, kind, createdAt, size: 1024 };
		this.#backups.set(projectId, [...(this.#backups.get(projectId) ?? []), backup]);
		return backup;
	}

	backupArchive(): never {
		return this.#notModelled('backupArchive');
	}

	startRestore(): never {
		return this.#notModelled('startRestore');
	}

	restoreJob(): never {
		return this.#notModelled('restoreJob');
	}

	upgradeInstance(): never {
		return this.#notModelled('upgradeInstance');
	}
}
