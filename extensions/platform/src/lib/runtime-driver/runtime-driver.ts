/**
 * What the control plane needs from wherever project instances run. The provisioning reconciler,
 * billing's suspend and resume, backups, copies, the instance sync and staff actions depend on
 * this interface only; `local` (the runtime's management API, over HTTP) implements it.
 */

import type {
	AdminCredentials,
	BackupSummary,
	DailyUsage,
	EnsureInstanceRequest,
	InstanceStatus,
	RestoreCopySource,
	RestoreJob,
	SiteLogChunk,
	SiteResources,
	SiteTemplateName,
	SiteTier,
	UpgradeResult,
} from '@epic/runtime-contract';

export type { AdminCredentials, BackupSummary, DailyUsage, EnsureInstanceRequest, InstanceState, InstanceStatus, RestoreJob, UpgradeResult } from '@epic/runtime-contract';

/** A backup archive being downloaded: gzip bytes, and their count when the runtime gave it. */
export interface BackupArchive {
	stream: ReadableStream<Uint8Array>;
	size: number | null;
}

export interface RuntimeDriver {
	/**
	 * The same runtime, each call bounded by `timeoutMs` (an upgrade keeps its own, longer bound):
	 * a page's read waits seconds, a creation minutes.
	 */
	withTimeout(timeoutMs: number): RuntimeDriver;
	/** Creates the instance if it does not exist and resolves once it serves. Idempotent. */
	ensureInstance(request: EnsureInstanceRequest): Promise<InstanceStatus>;
	startInstance(projectId: string): Promise<InstanceStatus>;
	stopInstance(projectId: string): Promise<InstanceStatus>;
	suspendInstance(projectId: string): Promise<InstanceStatus>;
	/** Removes the instance with its data. Not found counts as done. */
	deleteInstance(projectId: string): Promise<void>;
	/** Null when the driver knows no such instance: not-found is a state, not an error. */
	instanceStatus(projectId: string): Promise<InstanceStatus | null>;
	/** Every project's instance in one call (without `diskBytes`), for the back office's sync. */
	listInstances(): Promise<InstanceStatus[]>;
	setAdminCredentials(projectId: string, admin: AdminCredentials): Promise<void>;
	setCustomDomains(projectId: string, domains: string[]): Promise<InstanceStatus>;
	/** Puts a starter's collections, sample content and roles on the site (safe to repeat; the site is woken if it sleeps). */
	applyTemplate(projectId: string, template: SiteTemplateName): Promise<void>;
	/** The site's Directus tier and its use, as the site reports it (the site is woken if it sleeps). */
	siteTier(projectId: string): Promise<SiteTier>;
	/** The site's log from `after` (an offset a previous read answered) or its end, masked for its owner. */
	siteLog(projectId: string, after?: number): Promise<SiteLogChunk>;
	/** The site's log followed live: the runtime's server-sent events, as they come. */
	siteLogStream(projectId: string, after: number | undefined, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
	/** The origins whose pages may call the site from the browser; the router applies them at once. */
	setCorsOrigins(projectId: string, origins: string[]): Promise<InstanceStatus>;
	/**
	 * The project's Directus licence key for its site, or null to remove it; the site restarts to
	 * read it. `NOT_ON_PUBLIC_URL` (409) while the site does not yet serve on its public URL.
	 */
	setLicenceKey(projectId: string, key: string | null): Promise<void>;
	/** The project's new limits (a plan change): at once where the runtime can, else from its next start. */
	setSiteResources(projectId: string, resources: SiteResources): Promise<InstanceStatus>;
	usage(fromDay: string, projectId?: string): Promise<DailyUsage[]>;
	/** The project's backups, newest first. */
	listBackups(projectId: string): Promise<BackupSummary[]>;
	/**
	 * Takes a backup of the running site and resolves once it is stored. After a scheduled one, the
	 * project's scheduled backups beyond `keep` (default: the runtime's setting) are deleted.
	 */
	createBackup(projectId: string, kind: 'manual' | 'scheduled', keep?: number): Promise<BackupSummary>;
	/** The archive's bytes as the runtime streams them; `BACKUP_NOT_FOUND` for another project's id. */
	backupArchive(projectId: string, backupId: string): Promise<BackupArchive>;
	/**
	 * Starts a restore; poll `restoreJob` for its steps and outcome. With `copyFrom`, the backup is
	 * one of `copyFrom.sourceProjectId`'s, restored into this project's site as a copy (the runtime
	 * writes the copy's admin and name over the source's before the site starts).
	 */
	startRestore(projectId: string, backupId: string, copyFrom?: RestoreCopySource): Promise<RestoreJob>;
	restoreJob(projectId: string, jobId: string): Promise<RestoreJob>;
	/**
	 * Upgrades the site's Directus to the runtime's (backup, migrate, start, check) and resolves with
	 * the outcome; a failed upgrade has put the site's data back and is an outcome, not an error.
	 */
	upgradeInstance(projectId: string): Promise<UpgradeResult>;
}
