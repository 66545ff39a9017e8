/**
 * How the runtime's components read and write instance records. Each field has one kind of writer,
 * and each write is a named method, so that moving the state out of the JSON file (a store every
 * node can read) is a new implementation of these interfaces, not a change to their callers.
 */
import type { SiteResources, UpgradeFailure } from '@epic/runtime-contract';
import type { DesiredState, InstanceRecord } from './instance-record.ts';

export interface InstanceReader {
	all(): InstanceRecord[];
	get(id: string): InstanceRecord | undefined;
	/** Called after every change (the host index rebuilds itself from here). */
	onChange(listener: () => void): void;
}

/** What a project's site is assigned when it is (re)started for its project. */
export interface ProjectAssignment {
	subdomain: string;
	resources?: SiteResources;
}

/** The spec's writers: the instance service and the work it runs under an instance's lock. */
export interface InstanceSpecWriter {
	/** A new record (a pool member or a project's instance), still `creating`. */
	put(record: InstanceRecord): void;
	/** Its data is in place: from now on it is trusted after a runtime restart. */
	markReady(id: string): InstanceRecord;
	/** A pool member handed to a project: the record moves to the project's id, process and data kept. */
	rename(fromId: string, record: InstanceRecord): void;
	remove(id: string): void;
	/** What the instance should be doing; it is awake whatever it is, and a project's start may bring its new subdomain and limits. */
	setDesired(id: string, desired: DesiredState, assignment?: ProjectAssignment): InstanceRecord;
	/** Put to sleep (by the idle sweep, with its last request, or by a job). */
	markAsleep(id: string, lastRequestAt?: string | null): InstanceRecord;
	markAwake(id: string): InstanceRecord;
	setDomains(id: string, domains: string[]): InstanceRecord;
	setCorsOrigins(id: string, origins: string[]): InstanceRecord;
	setResources(id: string, resources: SiteResources): InstanceRecord;
	/** The Directus version the site's database is now at (after a restore of an older backup, say). */
	recordDirectusVersion(id: string, version: string): InstanceRecord;
	/** An upgrade's outcome: the version reached, or why it failed (the version stays). */
	recordUpgraded(id: string, version: string): InstanceRecord;
	recordUpgradeFailure(id: string, failure: UpgradeFailure): InstanceRecord;
	/** The backup that undoes an upgrade or restore in progress, or null once it is done. */
	setRollbackBackup(id: string, backupId: string | null): InstanceRecord;
	/** The unprivileged uid the site runs as (processes/site-users.ts), chosen once. */
	assignSiteUid(id: string, uid: number): InstanceRecord;
}

/** The observation's writers: the supervisor, recovery and the sleep tiers that hand it processes. */
export interface ProcessObservationWriter {
	/** A process started (or relaunched): port, pid and URL in one write. */
	recordProcess(id: string, observed: { port: number; pid: number; startedWithUrl: string | null }): void;
	/** The same site, now as another pid (a process restored from a checkpoint). */
	recordPid(id: string, pid: number): void;
	/** No process runs for the instance any more; nothing to do for a record that is gone or already says so. */
	recordNoProcess(id: string): void;
}

export type InstanceStore = InstanceReader & InstanceSpecWriter & ProcessObservationWriter;
