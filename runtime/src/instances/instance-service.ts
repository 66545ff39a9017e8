/**
 * The instances' life cycle, as the management API uses it: ensure, start, stop, delete, and what
 * the control plane sets on a site (domains, origins, limits, credentials, licence key). Every
 * operation on one instance runs under that instance's lock, shared with the sleep cycle
 * (site-sleep-cycle.ts), so an ensure racing a delete, or a wake racing a stop, happen one after
 * the other.
 */
import { hostTaken, notOnPublicUrl } from '../errors.ts';
import type { KeyedMutex } from '@epic/concurrency';
import type { SleepTiers } from '../sleep-tiers/sleep-tiers.ts';
import type { SiteUploads } from '../backups/site-uploads/site-uploads.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader, InstanceSpecWriter } from '../state/instance-store.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import { RuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { folderBytes } from './disk-usage.ts';
import type { HostIndex } from './host-index.ts';
import type { InstanceFactory, ProjectIdentity } from './instance-factory.ts';
import type { ProcessSupervisor } from './process-supervisor.ts';
import type { WarmPool } from './warm-pool.ts';
import type { AdminCredentials, InstanceState, InstanceStatus, SiteLogChunk, SiteMailStatus, SiteResources, SiteTier } from '@epic/runtime-contract';
import { readSiteTier, siteAdminToken } from './site-tier.ts';
import { applySiteTemplate, SiteApi } from './site-template.ts';
import { projectRecord } from './project-record.ts';
import { SITE_TEMPLATES, type SiteTemplateId } from '@epic/site-templates';
import { siteLogChunk } from './site-log.ts';
import { deactivateSiteLicense } from './site-license.ts';
import type { SiteSleepCycle } from './site-sleep-cycle.ts';

export interface EnsureInstanceInput extends ProjectIdentity {
	projectId: string;
}

/** The plan limits, as a field to spread, only when there are any. */
function resourcesOf(from: { resources?: SiteResources | undefined }): { resources?: SiteResources } {
	return from.resources ? { resources: from.resources } : {};
}

/** What a caller holding an instance's lock may do with it (see `exclusively`). */
export interface InstanceControl {
	record: InstanceRecord;
	/** Stops the process; the lock keeps the router and the idle sweep from starting it meanwhile. */
	stop(): Promise<void>;
	/** Starts the process and resolves with its port once it answers `/server/ping`. */
	start(): Promise<number>;
	/** Stops the process and marks the instance asleep, as the idle sweep does: the next request wakes it. */
	sleep(): Promise<void>;
}

export interface InstanceServiceParts {
	store: InstanceReader & InstanceSpecWriter;
	databases: InstanceDatabases;
	factory: InstanceFactory;
	supervisor: ProcessSupervisor;
	pool: WarmPool;
	hosts: HostIndex;
	/** The instances' locks, shared with the sleep cycle. */
	locks: KeyedMutex;
	/** Wakes sites for the operations that need them answering, and keeps their idle clocks. */
	sleepCycle: SiteSleepCycle;
	/** Called when an instance is deleted, so its counters go too. */
	onDeleted?: (id: string) => void;
	log: (message: string) => void;
	/** Where provision times are recorded; a private registry unless the runtime passes its own. */
	metrics?: Pick<RuntimeMetrics, 'provisioned'>;
	/** How idle sites sleep (paused, checkpointed, stopped); without it they are stopped. */
	tiers?: SleepTiers;
	/** Where sites keep their uploads, when outside their folders (the swarm sites' bucket): counted in their disk usage. */
	uploads?: Pick<SiteUploads, 'bytesOutsideFolder'>;
	/** Milliseconds since the epoch, for provision times and creation dates. Date.now unless a test sets the time. */
	now?: () => number;
	/** The site's mail this hour, for its status; absent where sites send no mail. */
	mailOf?: (record: InstanceRecord) => SiteMailStatus;
}

export class InstanceService {
	readonly #parts: InstanceServiceParts;
	readonly #now: () => number;
	readonly #metrics: Pick<RuntimeMetrics, 'provisioned'>;
	readonly #locks: KeyedMutex;
	readonly #sleepCycle: SiteSleepCycle;

	constructor(parts: InstanceServiceParts) {
		this.#parts = parts;
		this.#now = parts.now ?? Date.now;
		this.#metrics = parts.metrics ?? new RuntimeMetrics();
		this.#locks = parts.locks;
		this.#sleepCycle = parts.sleepCycle;
	}

	#secondsSince(startedAt: number): number {
		return Math.max(0, this.#now() - startedAt) / 1000;
	}

	#record(id: string): InstanceRecord {
		return projectRecord(this.#parts.store, id);
	}

	/** The site's Directus tier and its use, read from the site (woken if it sleeps: site-tier.ts). */
	async siteTier(id: string): Promise<SiteTier> {
		const record = this.#record(id);
		const port = await this.#sleepCycle.wake(id);
		return readSiteTier(port, siteAdminToken(record.secret, await this.#parts.factory.siteAdmin(record)));
	}

	/**
	 * Puts a starter on the project's site (site-template.ts), woken if it sleeps. Safe to run again:
	 * what an earlier run put there is found and kept.
	 */
	async applyTemplate(id: string, templateId: SiteTemplateId): Promise<void> {
		const record = this.#record(id);
		const port = await this.#sleepCycle.wake(id);
		const admin = await this.#parts.factory.siteAdmin(record);
		await applySiteTemplate(new SiteApi(port, async () => siteAdminToken(record.secret, admin)), SITE_TEMPLATES[templateId]);
		this.#parts.log(`Instance ${id}: the ${templateId} template was applied`);
	}

	/** The project's site log from `after` (a previous offset) or its end, masked (site-log.ts). */
	siteLog(id: string, after: number | null): SiteLogChunk {
		return siteLogChunk(this.#record(id), after);
	}

	#assertHostFree(host: string, projectId: string): void {
		if (this.#parts.hosts.ownerOtherThan(host, projectId)) throw hostTaken(host);
	}

	ensure(input: EnsureInstanceInput): Promise<InstanceStatus> {
		return this.#locks.run(input.projectId, async () => {
			const { store, supervisor, factory, pool } = this.#parts;
			const id = input.projectId;
			const startedAt = this.#now();
			this.#assertHostFree(this.#parts.hosts.subdomainHost(input.subdomain), id);
			const existing = store.get(id);
			if (existing?.phase === 'ready' && existing.kind === 'project') {
				await this.#parts.tiers?.discard(id);
				const renamed = existing.subdomain !== input.subdomain;
				// New limits (a plan change) apply from the site's next start.
				store.setDesired(id, 'running', { subdomain: input.subdomain, ...resourcesOf(input) });
				await this.#sleepCycle.serve(id);
				// Queued behind this operation's lock: the relaunch runs once ensure has returned.
				if (renamed) void this.refreshSiteUrl(id);
				return this.status(id);
			}
			if (existing) await factory.destroy(existing);

			const member = pool.claim();
			if (member) {
				try {
					await factory.applyProject(member, input);
					store.rename(member.id, {
						...member,
						id,
						kind: 'project',
						subdomain: input.subdomain,
						domains: [],
						createdAt: new Date(this.#now()).toISOString(),
						// The relaunch with the site's URL (below) starts it with these limits.
						...resourcesOf(input),
					});
					supervisor.rename(member.id, id);
				} finally {
					pool.release(member.id);
				}
				this.#sleepCycle.resetIdleClock(id);
				this.#metrics.provisioned('warm-pool', this.#secondsSince(startedAt));
				// After the pool is full again (so the two boots do not compete), give the instance its
				// site's URL.
				void pool.refill().then(() => this.refreshSiteUrl(id));
				return { ...this.status(id), source: 'warm-pool' };
			}

			await factory.create(id, input);
			await this.#sleepCycle.serve(id);
			this.#metrics.provisioned('cold', this.#secondsSince(startedAt));
			return { ...this.status(id), source: 'cold' };
		});
	}

	start(id: string): Promise<InstanceStatus> {
		return this.#locks.run(id, async () => {
			this.#record(id);
			await this.#parts.tiers?.discard(id);
			this.#parts.store.setDesired(id, 'running');
			await this.#sleepCycle.serve(id);
			return this.status(id);
		});
	}

	/** Stops the process; `suspended` also makes the router answer with the suspended page. */
	stop(id: string, desired: 'stopped' | 'suspended' = 'stopped'): Promise<InstanceStatus> {
		return this.#locks.run(id, async () => {
			this.#record(id);
			await this.#parts.tiers?.discard(id);
			this.#parts.store.setDesired(id, desired);
			await this.#parts.supervisor.stop(id);
			return this.status(id);
		});
	}

	delete(id: string): Promise<void> {
		return this.#locks.run(id, async () => {
			const record = this.#record(id);
			await this.#parts.tiers?.discard(id);
			const port = this.#sleepCycle.portIfRunning(record);
			if (port !== null && (await this.#parts.factory.hasLicenseKey(record))) await this.#releaseActivation(record, port);
			await this.#parts.supervisor.stop(id);
			this.#parts.supervisor.forget(id);
			await this.#parts.factory.destroy(record);
			this.#sleepCycle.forget(id);
			this.#parts.onDeleted?.(id);
		});
	}

	/**
	 * Runs `work` under the instance's lock, so no wake, sweep, start or stop interleaves with it
	 * (a restore replaces the site's data between a stop and a start). A project that was not to
	 * run is stopped again afterwards.
	 */
	exclusively<T>(id: string, work: (control: InstanceControl) => Promise<T>): Promise<T> {
		return this.#locks.run(id, async () => {
			const record = this.#record(id);
			const { supervisor, store } = this.#parts;
			await this.#parts.tiers?.discard(id);
			const control: InstanceControl = {
				record,
				stop: () => supervisor.stop(id),
				start: async () => {
					store.markAwake(id);
					await this.#sleepCycle.serve(id);
					return this.#record(id).port;
				},
				sleep: async () => {
					store.markAsleep(id);
					await supervisor.stop(id);
				},
			};
			try {
				return await work(control);
			} finally {
				if (this.#record(id).desired !== 'running') await supervisor.stop(id);
			}
		});
	}

	/**
	 * The project's Directus licence key for its site, or null to remove it (site-license.ts). A key
	 * is given only to a project's site that serves on its public URL, since Directus binds an
	 * activation to that URL: a site just handed out from the warm pool is refused (409) until its
	 * relaunch with its URL, and the control plane tries again later. The site restarts so Directus
	 * reads the key; a sleeping or stopped site reads it at its next start. Directus removes a key it
	 * cannot validate from the settings at that start and serves on the core tier. A key it held
	 * before is first released by the running site, so its activation can be used again.
	 */
	setLicenseKey(id: string, key: string | null): Promise<void> {
		return this.exclusively(id, async (control) => {
			const { record } = control;
			if (key !== null && !this.#parts.supervisor.onItsPublicUrl(id)) throw notOnPublicUrl(id);
			const serving = record.desired === 'running' && !record.asleep;
			if (serving && (await this.#parts.factory.hasLicenseKey(record))) await this.#releaseActivation(record, await control.start());
			await control.stop();
			await this.#parts.factory.setLicenseKey(record, key);
			this.#parts.log(
				key === null ? `${id}: licence key removed from the site` : `${id}: licence key written to the site's settings; Directus activates it at the site's next start`,
			);
			if (!serving) return;
			await control.start();
			// Directus drops a key it could not validate from the settings as it starts (license/manager.js).
			if (key !== null && !(await this.#parts.factory.hasLicenseKey(record))) {
				this.#parts.log(`${id}: the site could not validate its licence key with Directus's licence server and runs on the core tier (its log says why)`);
			} else if (key !== null) this.#parts.log(`${id}: the site activated its licence key`);
		});
	}

	/** Best effort, logged without the key: a key that never activated has nothing to release. */
	async #releaseActivation(record: InstanceRecord, port: number): Promise<void> {
		try {
			const outcome = await deactivateSiteLicense(port, siteAdminToken(record.secret, await this.#parts.factory.siteAdmin(record)));
			this.#parts.log(`${record.id}: the site ${outcome} with Directus's licence server`);
		} catch (error) {
			this.#parts.log(`${record.id}: could not ask the site to release its licence activation (${(error as Error).message})`);
		}
	}

	setAdminCredentials(id: string, admin: AdminCredentials): Promise<void> {
		return this.#locks.run(id, () => this.#parts.factory.setAdminCredentials(this.#record(id), admin));
	}

	/** Custom domains the control plane has verified; they take effect on the router at once. */
	setDomains(id: string, domains: string[]): Promise<InstanceStatus> {
		return this.#locks.run(id, async () => {
			this.#record(id);
			for (const domain of domains) this.#assertHostFree(domain, id);
			const status = this.#statusOf(this.#parts.store.setDomains(id, domains));
			void this.refreshSiteUrl(id);
			return status;
		});
	}

	/** The origins whose pages may call the site: the router applies them from the next request, the site runs on. */
	setCorsOrigins(id: string, origins: string[]): Promise<InstanceStatus> {
		return this.#locks.run(id, async () => {
			this.#record(id);
			return this.#statusOf(this.#parts.store.setCorsOrigins(id, origins));
		});
	}

	/**
	 * A project's new limits (its owner changed plan): recorded for every later start, and given to
	 * the running site at once where the driver can (containers: `docker update`). A site that
	 * cannot take them now (memory already above a lower limit, say) keeps serving and gets them at
	 * its next start.
	 */
	setResources(id: string, resources: SiteResources): Promise<InstanceStatus> {
		return this.#locks.run(id, async () => {
			this.#record(id);
			const status = this.#statusOf(this.#parts.store.setResources(id, resources));
			try {
				if (await this.#parts.supervisor.updateResources(id, resources)) this.#parts.log(`${id}: new limits applied to the running site`);
			} catch (error) {
				this.#parts.log(`${id}: new limits apply from the site's next start (${(error as Error).message.trim()})`);
			}
			return status;
		});
	}

	/**
	 * Restarts a running instance without a gap when its site URL (PUBLIC_URL) is not the one it
	 * was started with. Runs in the background; failures leave the old process serving.
	 */
	refreshSiteUrl(id: string): Promise<void> {
		return this.#locks.run(id, () => this.#parts.supervisor.relaunch(id)).catch((error: Error) => this.#parts.log(`could not relaunch ${id} with its site URL: ${error.message}`));
	}

	status(id: string): InstanceStatus {
		return this.#statusOf(this.#record(id));
	}

	async statusWithDisk(id: string): Promise<InstanceStatus> {
		const record = this.#record(id);
		const databaseOutsideFolder = record.storage.client === 'pg' ? await this.#parts.databases.databaseBytes(record.storage) : 0;
		const uploadsOutsideFolder = (await this.#parts.uploads?.bytesOutsideFolder(record)) ?? 0;
		return { ...this.#statusOf(record), diskBytes: (await folderBytes(record.dir)) + databaseOutsideFolder + uploadsOutsideFolder };
	}

	list(): InstanceStatus[] {
		return this.#parts.store
			.all()
			.filter((record) => record.kind === 'project')
			.map((record) => this.#statusOf(record));
	}

	#stateOf(record: InstanceRecord): InstanceState {
		if (record.phase === 'creating') return 'creating';
		if (record.desired !== 'running') return this.#parts.supervisor.status(record.id) === 'stopping' ? 'stopping' : record.desired;
		if (record.asleep) {
			const processGone = this.#parts.supervisor.status(record.id) === 'stopped';
			return processGone || this.#parts.tiers?.tierOf(record.id) === 'paused' ? 'sleeping' : 'stopping';
		}
		return this.#parts.supervisor.status(record.id);
	}

	#statusOf(record: InstanceRecord): InstanceStatus {
		const { pid, restarts, lastError } = this.#parts.supervisor.details(record.id);
		return {
			projectId: record.id,
			state: this.#stateOf(record),
			subdomain: record.subdomain,
			domains: record.domains,
			corsOrigins: record.corsOrigins ?? [],
			port: pid ? record.port : null,
			pid,
			publicUrl: pid ? record.startedWithUrl : null,
			createdAt: record.createdAt,
			lastRequestAt: this.#sleepCycle.lastRequestAt(record),
			memoryBytes: this.#parts.supervisor.memoryBytes(record.id),
			...(record.asleep ? { sleepTier: this.#parts.tiers?.tierOf(record.id) ?? 'stopped' } : {}),
			restarts,
			lastError,
			directusVersion: record.directusVersion,
			upgradeFailure: record.upgradeFailure,
			...resourcesOf(record),
			...(this.#parts.mailOf ? { mail: this.#parts.mailOf(record) } : {}),
		};
	}
}
