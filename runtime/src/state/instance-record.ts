/**
 * What the runtime remembers about each instance, on disk, so that after its own restart it can
 * adopt the processes that still run, start the ones that should, and clean up half-made ones.
 */

import type { SiteResources, UpgradeFailure } from '@epic/runtime-contract';

/** `running`: serve (sleeping when idle). `stopped`/`suspended`: no process, the router says so. */
export type DesiredState = 'running' | 'stopped' | 'suspended';

export type InstanceStorage = { client: 'sqlite3'; file: string } | { client: 'pg'; database: string };

/**
 * What the runtime decided for an instance: written under the instance's lock by the instance
 * service and the jobs it runs (backups, upgrades, the factory), through the store's named methods.
 */
export interface InstanceSpec {
	/** The project id, or `pool-…` for a warm-pool member that no project owns yet. */
	id: string;
	kind: 'project' | 'pool';
	/**
	 * `creating` until the database clone and the admin rewrite are complete. A record still
	 * `creating` after a runtime crash is torn down and made again: nothing in it is trusted.
	 */
	phase: 'creating' | 'ready';
	desired: DesiredState;
	/** True while stopped for idleness: the next request wakes it. */
	asleep: boolean;
	subdomain: string | null;
	domains: string[];
	/** Origins whose pages may call the site from the browser (router/site-cors.ts); absent in older records. */
	corsOrigins?: string[];
	dir: string;
	storage: InstanceStorage;
	key: string;
	secret: string;
	createdAt: string;
	lastRequestAt: string | null;
	/**
	 * The Directus version the instance's database was last migrated with: the installed one when it
	 * was cloned from that version's template, the upgrade's target after an upgrade succeeds. When
	 * the installed Directus differs, the runtime upgrades the site (upgrades/upgrade-service.ts).
	 */
	directusVersion: string;
	/** Why the last upgrade failed, shown to staff in the status; null after a successful one. */
	upgradeFailure: UpgradeFailure | null;
	/**
	 * Set while an upgrade or a restore may have changed the site's data: the backup that undoes it
	 * (the `pre-upgrade` one, or the restore's `safety` one). One cut short by a runtime stop or
	 * crash leaves it set, and the next upgrade (the next start's, at the latest) puts that backup
	 * back before anything else, so the site never serves half-replaced data for long.
	 */
	rollbackBackupId: string | null;
	/** The unprivileged uid the site runs as (process driver under root, processes/site-users.ts); absent until its first such start. */
	siteUid?: number;
	/** The project's plan limits (container driver); absent for pool members and older records. */
	resources?: SiteResources;
}

/**
 * What the supervisor last saw of the instance's process: written only by the supervisor and by
 * what hands it a process (recovery after a runtime restart, a restored checkpoint). Exit events
 * and restart timers write these outside the instance's lock, which is safe because nothing else
 * writes them.
 */
export interface ProcessObservation {
	port: number;
	pid: number | null;
	/** PUBLIC_URL the running process was started with (a pool member starts with none). */
	startedWithUrl: string | null;
}

/** One instance as stored: its spec and the last observation of its process, side by side on disk. */
export type InstanceRecord = InstanceSpec & ProcessObservation;

export interface RuntimeState {
	version: 1;
	instances: Record<string, InstanceRecord>;
}
