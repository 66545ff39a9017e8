/**
 * Keeps instance processes in the state their records ask for: starts them on free loopback
 * ports, restarts them with backoff when they crash or fail to start, stops them on request, and
 * watches processes adopted from a previous runtime (which are not its children, so it polls /proc).
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { siteUrl, type RuntimeConfig } from '../config.ts';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { spawnInstanceProcess, waitUntilAnswering } from '../processes/instance-process.ts';
import type { SiteUser } from '../processes/site-users.ts';
import { isInstanceProcess, killAndWait, residentBytes } from '../processes/process-table.ts';
import { signalSite, sitePid } from '../processes/site-process.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader, ProcessObservationWriter } from '../state/instance-store.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import { RuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { instanceEnv } from './instance-env.ts';
import { restartDelayMs, STABLE_AFTER_MS } from '@epic/node-support/restart-backoff';
import type { SiteResources } from '@epic/runtime-contract';

/**
 * Restarts in a row (each after a crash within a minute of starting) before a site is given up on:
 * with the backoff that is about two minutes of trying, long enough to ride out a short outage of
 * what it depends on.
 */
export const MAX_RESTARTS_IN_A_ROW = 9;

export type ProcessStatus = 'stopped' | 'starting' | 'running' | 'stopping' | 'restarting';

interface LiveProcess {
	/** The record's current id (a pool member's changes when it is handed to a project). */
	id: string;
	status: ProcessStatus;
	pid: number | null;
	child: ChildProcess | null;
	ready: Promise<void> | null;
	readyAt: number;
	consecutiveCrashes: number;
	restartTimer: NodeJS.Timeout | null;
	adoptionWatch: NodeJS.Timeout | null;
	/** Ends what the spawner took up for an adopted process (resume), once it is no longer watched. */
	releaseAdopted: (() => void) | null;
	lastError: string | null;
	restarts: number;
}

export type Logger = (message: string) => void;

/** How a site's process is spawned and awaited (processes, containers): Directus by default, a stand-in in unit tests. */
export interface SiteSpawner {
	/** `resources`: the project's plan limits, for spawners that can enforce them (containers). */
	spawn(dir: string, env: Record<string, string>, resources: SiteResources | undefined, user?: SiteUser): ChildProcess;
	/** The site's own user, its folder made its own, for spawners that run each site as one (site-users.ts). */
	userFor?(record: InstanceRecord): SiteUser;
	waitUntilAnswering(port: number, isAlive: () => boolean, timeoutMs: number, dir: string): Promise<void>;
	/** The site's memory in bytes, where the tracked process is not the site itself (containers); null if unknown. */
	memoryBytes?(trackedPid: number): number | null;
	/**
	 * Takes up what a process a previous runtime started needs from the runtime (a container's
	 * database gate), with the environment it was started with. The supervisor calls what it
	 * returns when it stops watching that process (it ended, was stopped or was replaced).
	 */
	resume?(trackedPid: number, env: Record<string, string>): (() => void) | undefined;
	/** Changes a running site's limits in place (containers); without it, limits wait for the next start. */
	updateResources?(trackedPid: number, resources: SiteResources): Promise<void>;
	/**
	 * Freezes and thaws the site behind the tracked process (a container: `docker pause`), for
	 * spawners whose site is not the tracked process's own group; without them, the group is sent
	 * SIGSTOP and SIGCONT.
	 */
	pause?(trackedPid: number): Promise<void>;
	unpause?(trackedPid: number): Promise<void>;
	/**
	 * The site's memory and its machine's free memory, for spawners whose sites run on another
	 * machine than the runtime (a swarm task's node); without it, this machine's.
	 */
	hostMemory?(trackedPid: number): Promise<HostMemory>;
	/**
	 * The site cannot run beside itself: a swarm site is one service, whichever process holds it, so
	 * a second holder would replace the first's service and the first, stopped, would remove the
	 * second's. A relaunch then stops the site and starts it again.
	 */
	oneAtATime?: boolean;
	/**
	 * How long a stopped site's process has after SIGTERM before SIGKILL (default 5 s). A swarm
	 * site's holder removes its service first, several engine calls that a loaded manager takes
	 * longer than that over; killed midway, it would leave the service, and so the site, running.
	 */
	stopGraceMs?: number;
}

export interface HostMemory {
	siteMemoryBytes: number | null;
	freeMemoryBytes: number;
}

/** A site's process between SIGTERM and SIGKILL when its spawner names no other (SiteSpawner.stopGraceMs). */
const DEFAULT_STOP_GRACE_MS = 5000;

const plainSpawner: SiteSpawner = { spawn: (dir, env) => spawnInstanceProcess(dir, env), waitUntilAnswering };

function hasExited(child: ChildProcess): boolean {
	return child.exitCode !== null || child.signalCode !== null;
}

/** Where a project's Directus believes it lives: its custom domain if it has one, else its subdomain. */
export function publicUrlOf(config: RuntimeConfig, record: InstanceRecord): string | null {
	if (record.kind === 'pool' || !record.subdomain) return null;
	return siteUrl(config, record.domains[0] ?? `${record.subdomain}.${config.PUBLIC_HOST}`);
}

export class ProcessSupervisor {
	readonly #config: RuntimeConfig;
	readonly #store: InstanceReader & ProcessObservationWriter;
	readonly #databases: InstanceDatabases;
	readonly #log: Logger;
	readonly #spawner: SiteSpawner;
	readonly #restartDelay: (consecutiveCrashes: number) => number;
	readonly #metrics: Pick<RuntimeMetrics, 'instanceRestarted'>;
	readonly #live = new Map<string, LiveProcess>();
	/** Replacements still booting in a relaunch: a shutdown must stop them too. */
	readonly #booting = new Set<ChildProcess>();
	/** Set by stopAll: from then on nothing starts, so nothing can outlive the runtime. */
	#closed = false;

	constructor(
		config: RuntimeConfig,
		store: InstanceReader & ProcessObservationWriter,
		databases: InstanceDatabases,
		log: Logger,
		spawner = plainSpawner,
		metrics: Pick<RuntimeMetrics, 'instanceRestarted'> = new RuntimeMetrics(),
		/** The wait before the nth restart in a row; tests shorten it. */
		restartDelay: (consecutiveCrashes: number) => number = restartDelayMs,
	) {
		this.#config = config;
		this.#store = store;
		this.#databases = databases;
		this.#log = log;
		this.#spawner = spawner;
		this.#restartDelay = restartDelay;
		this.#metrics = metrics;
	}

	#entry(id: string): LiveProcess {
		let live = this.#live.get(id);
		if (!live) {
			live = {
				id,
				status: 'stopped',
				pid: null,
				child: null,
				ready: null,
				readyAt: 0,
				consecutiveCrashes: 0,
				restartTimer: null,
				adoptionWatch: null,
				releaseAdopted: null,
				lastError: null,
				restarts: 0,
			};
			this.#live.set(id, live);
		}
		return live;
	}

	status(id: string): ProcessStatus {
		return this.#live.get(id)?.status ?? 'stopped';
	}

	/** Resident memory of the site's Directus (of a site launcher's child; of a container's processes). */
	memoryBytes(id: string): number | null {
		const pid = this.#live.get(id)?.pid;
		if (!pid) return null;
		if (this.#spawner.memoryBytes) return this.#spawner.memoryBytes(pid);
		return residentBytes(sitePid(pid));
	}

	/**
	 * Gives a running site new limits now, where its spawner can (containers); false when nothing
	 * runs or the spawner cannot, and the limits then apply from the site's next start.
	 */
	async updateResources(id: string, resources: SiteResources): Promise<boolean> {
		const pid = this.#live.get(id)?.pid;
		if (!pid || !this.#spawner.updateResources) return false;
		await this.#spawner.updateResources(pid, resources);
		return true;
	}

	/** Freezes a running site in place, its memory kept (the paused sleep tier); false when it could not. */
	async pause(id: string): Promise<boolean> {
		return this.#freezeOrThaw(id, 'pause');
	}

	/** Lets a paused site run again; false when nothing was there to thaw. */
	async unpause(id: string): Promise<boolean> {
		return this.#freezeOrThaw(id, 'unpause');
	}

	async #freezeOrThaw(id: string, action: 'pause' | 'unpause'): Promise<boolean> {
		const pid = this.#live.get(id)?.pid;
		if (!pid) return false;
		const bySpawner = this.#spawner[action];
		if (!bySpawner) return signalSite(sitePid(pid), action === 'pause' ? 'SIGSTOP' : 'SIGCONT');
		try {
			await bySpawner.call(this.#spawner, pid);
			return true;
		} catch (error) {
			this.#log(`instance ${id}: ${action} failed: ${(error as Error).message}`);
			return false;
		}
	}

	/** What the paused tier weighs: the site's memory and the free memory where it runs (none known: 0). */
	async hostMemory(id: string): Promise<HostMemory> {
		const pid = this.#live.get(id)?.pid;
		if (!pid || !this.#spawner.hostMemory) return { siteMemoryBytes: this.memoryBytes(id), freeMemoryBytes: os.freemem() };
		try {
			return await this.#spawner.hostMemory(pid);
		} catch (error) {
			this.#log(`instance ${id}: its memory where it runs is unknown: ${(error as Error).message}`);
			return { siteMemoryBytes: null, freeMemoryBytes: 0 };
		}
	}

	details(id: string): { pid: number | null; restarts: number; lastError: string | null } {
		const live = this.#live.get(id);
		return { pid: live?.pid ?? null, restarts: live?.restarts ?? 0, lastError: live?.lastError ?? null };
	}

	/** Spawns Directus for `record` on `port`; the record's own port is left as it is. */
	#spawn(record: InstanceRecord, port: number, publicUrl: string | null): ChildProcess {
		const user = this.#spawner.userFor?.(record);
		const child = this.#spawner.spawn(record.dir, instanceEnv(this.#config, this.#databases, { ...record, port }, publicUrl), record.resources, user);
		// A failed spawn or signal is reported as an 'error' event; with no listener it would end the runtime.
		child.on('error', (error) => this.#log(`instance ${record.id}: process error: ${error.message}`));
		return child;
	}

	#waitUntilAnswering(port: number, isAlive: () => boolean, dir: string): Promise<void> {
		return this.#spawner.waitUntilAnswering(port, isAlive, this.#config.INSTANCE_START_TIMEOUT_SECONDS * 1000, dir);
	}

	/**
	 * From now on `child` is the process of `live`: its exit is a crash unless a stop asked for it.
	 * A stopped process's exit can arrive after a new start has replaced it (a stop sees a zombie
	 * leader as gone while its other threads still exit), so only the live process's exit counts.
	 */
	#follow(live: LiveProcess, child: ChildProcess, pid: number): void {
		live.child = child;
		live.pid = pid;
		child.once('exit', (code, signal) => {
			if (live.child === child) this.#onExit(live, `exit code ${code}, signal ${signal}`);
		});
	}

	#stopAdoptionWatch(live: LiveProcess): void {
		if (live.adoptionWatch) clearInterval(live.adoptionWatch);
		live.adoptionWatch = null;
		live.releaseAdopted?.();
		live.releaseAdopted = null;
	}

	/** A pool member handed to a project keeps its process: move the bookkeeping to the new id. */
	rename(fromId: string, toId: string): void {
		const live = this.#live.get(fromId);
		if (!live) return;
		this.#live.delete(fromId);
		this.#live.set(toId, live);
		live.id = toId;
	}

	/** Resolves when the instance answers; starts it if needed. Concurrent callers share one start. */
	start(id: string): Promise<void> {
		if (this.#closed) return Promise.reject(new Error('The runtime is shutting down'));
		const live = this.#entry(id);
		if ((live.status === 'running' || live.status === 'starting') && live.ready) return live.ready;
		if (live.restartTimer) {
			clearTimeout(live.restartTimer);
			live.restartTimer = null;
		}
		live.status = 'starting';
		const ready: Promise<void> = this.#launch(id, live).catch((error: Error) => {
			this.#startFailed(live, ready, error);
			throw error;
		});
		live.ready = ready;
		ready.catch(() => {});
		return ready;
	}

	async #launch(id: string, live: LiveProcess): Promise<void> {
		const port = await freeLoopbackPort();
		// A stop (or shutdown) that came during the await wins: spawning now would leave a process
		// nobody tracks.
		if (live.status !== 'starting' || this.#closed) throw new Error(`Instance ${id} was stopped before it started`);
		const record = this.#store.get(id);
		if (!record) throw new Error(`No instance ${id} in the runtime state`);
		const publicUrl = publicUrlOf(this.#config, record);
		const spawnedAt = Date.now();
		const child = this.#spawn(record, port, publicUrl);
		try {
			if (!child.pid) throw new Error('The Directus process could not be spawned');
			this.#follow(live, child, child.pid);
			// One state write per start: port and pid together.
			this.#store.recordProcess(id, { port, pid: child.pid, startedWithUrl: publicUrl });
			await this.#waitUntilAnswering(port, () => live.child === child && !hasExited(child), record.dir);
		} catch (error) {
			// A stop that overtook this start has killed the process already; otherwise it is ours to end.
			if (live.child === child) {
				live.child = null;
				live.pid = null;
				await killAndWait(child.pid!, 'SIGKILL');
			}
			throw error;
		}
		live.status = 'running';
		live.readyAt = Date.now();
		live.lastError = null;
		// How long boots take where this runtime runs: a slow disk or a starved CPU shows here first.
		this.#log(`instance ${id} answered ${live.readyAt - spawnedAt} ms after it was spawned`);
	}

	/**
	 * A start that failed, unless a stop overtook it, is tried again like a crashed process: after
	 * a backoff, or at once by the next start or wake. Its rejected promise is not handed to them.
	 */
	#startFailed(live: LiveProcess, ready: Promise<void>, error: Error): void {
		live.lastError = error.message;
		if (live.ready !== ready || live.status !== 'starting') return;
		live.ready = null;
		this.#restartLater(live, `failed to start (${error.message})`, error.message);
	}

	/** Whether the instance was last started with its project's public URL (a pool member never is). */
	onItsPublicUrl(id: string): boolean {
		const record = this.#store.get(id);
		if (!record) return false;
		const publicUrl = publicUrlOf(this.#config, record);
		return publicUrl !== null && record.startedWithUrl === publicUrl;
	}

	/**
	 * Replaces a running process with one started from the record as it is now (its site's URL),
	 * without a gap: the new process boots on another port beside the old one, the router switches
	 * to it once it answers (it reads the port from the record), then the old one is stopped
	 * gracefully. Used when a pool member is handed to a project and when a custom domain changes,
	 * since Directus reads PUBLIC_URL only at start. Does nothing when the URL is already right.
	 * A site that cannot run beside itself (`oneAtATime`) is stopped and started again: requests
	 * meanwhile wait for it as for a waking site.
	 */
	async relaunch(id: string): Promise<void> {
		const live = this.#live.get(id);
		const record = this.#store.get(id);
		if (!live || !record || live.status !== 'running' || !live.pid) return;
		const publicUrl = publicUrlOf(this.#config, record);
		if (record.startedWithUrl === publicUrl) return;
		if (this.#spawner.oneAtATime) {
			await this.stop(id);
			await this.start(id);
			return;
		}
		const port = await freeLoopbackPort();
		if (this.#closed || live.status !== 'running') return;
		const child = this.#spawn(record, port, publicUrl);
		this.#booting.add(child);
		try {
			if (!child.pid) throw new Error('The Directus process could not be spawned');
			await this.#waitUntilAnswering(port, () => !hasExited(child), record.dir);
		} catch (error) {
			child.kill('SIGKILL');
			throw error;
		} finally {
			this.#booting.delete(child);
		}
		// The old process crashed meanwhile and its restart is under way: that one wins.
		if (live.status !== 'running' || !live.pid || !child.pid) {
			child.kill('SIGKILL');
			return;
		}
		const retiring = live.pid;
		this.#stopAdoptionWatch(live);
		this.#follow(live, child, child.pid);
		live.ready = Promise.resolve();
		live.readyAt = Date.now();
		this.#store.recordProcess(id, { port, pid: child.pid!, startedWithUrl: publicUrl });
		await killAndWait(retiring, 'SIGTERM', 10_000);
	}

	/**
	 * Takes over a process a previous runtime started and that still runs. It may have been killed
	 * mid-boot, so it counts as starting until it answers; one that never does is killed and
	 * handled like any crash.
	 */
	adopt(id: string, pid: number, dir: string, port: number): void {
		const live = this.#entry(id);
		live.status = 'starting';
		live.pid = pid;
		live.child = null;
		const record = this.#store.get(id);
		if (record && this.#spawner.resume) {
			live.releaseAdopted = this.#spawner.resume(pid, instanceEnv(this.#config, this.#databases, { ...record, port }, record.startedWithUrl)) ?? null;
		}
		const isOurs = () => live.pid === pid && isInstanceProcess(pid, this.#config.dataDir, dir);
		live.adoptionWatch = setInterval(() => {
			if (!isOurs()) this.#onExit(live, 'adopted process disappeared');
		}, 1000);
		live.adoptionWatch.unref();
		const ready: Promise<void> = this.#waitUntilAnswering(port, isOurs, dir).then(
			() => {
				live.status = 'running';
				live.readyAt = Date.now();
			},
			async (error: Error) => {
				if (live.pid === pid) {
					this.#stopAdoptionWatch(live);
					live.pid = null;
					await killAndWait(pid, 'SIGKILL');
				}
				this.#startFailed(live, ready, error);
				throw error;
			},
		);
		live.ready = ready;
		ready.catch(() => {});
	}

	#onExit(live: LiveProcess, how: string): void {
		this.#stopAdoptionWatch(live);
		live.child = null;
		live.pid = null;
		live.ready = null;
		if (live.status === 'stopping' || live.status === 'stopped') {
			live.status = 'stopped';
			return;
		}
		this.#restartLater(live, `crashed (${how})`, `Crashed (${how})`);
	}

	/** After a crash or a failed start: restart with backoff if the record still asks to run. */
	#restartLater(live: LiveProcess, what: string, lastError: string): void {
		const id = live.id;
		const record = this.#store.get(id);
		try {
			this.#store.recordNoProcess(id);
		} catch (error) {
			// Runs from exit events and timers, where a throw would end the runtime; the pid is
			// checked against /proc before it is ever trusted again.
			this.#log(`instance ${id}: could not clear its pid in the state: ${(error as Error).message}`);
		}
		if (!record || record.desired !== 'running' || record.asleep || this.#closed) {
			live.status = 'stopped';
			return;
		}
		// A process that ran stable for a while starts the backoff sequence again, once.
		if (live.readyAt && Date.now() - live.readyAt > STABLE_AFTER_MS) live.consecutiveCrashes = 0;
		live.readyAt = 0;
		live.consecutiveCrashes += 1;
		if (live.consecutiveCrashes > MAX_RESTARTS_IN_A_ROW) {
			// A site that cannot stay up is reported and left stopped, not restarted forever: the
			// next request or start tries it once more (a database that was down may be back).
			live.status = 'stopped';
			live.lastError = `${lastError}; it failed ${live.consecutiveCrashes} times in a row, so it is not restarted by itself until a request or a start`;
			this.#log(`instance ${id} ${what}; it failed ${live.consecutiveCrashes} times in a row, so it is not restarted by itself until a request or a start`);
			return;
		}
		live.restarts += 1;
		this.#metrics.instanceRestarted();
		const delay = this.#restartDelay(live.consecutiveCrashes);
		live.status = 'restarting';
		live.lastError = lastError;
		this.#log(`instance ${id} ${what}; restarting in ${delay} ms`);
		live.restartTimer = setTimeout(() => {
			live.restartTimer = null;
			if (live.status !== 'restarting') return;
			this.start(live.id).catch((error: Error) => this.#log(`instance ${live.id} failed to restart: ${error.message}`));
		}, delay);
	}

	/** Stops the process (SIGTERM, then SIGKILL after a grace period) and waits until it is gone. */
	async stop(id: string): Promise<void> {
		const live = this.#live.get(id);
		if (!live) return;
		if (live.restartTimer) clearTimeout(live.restartTimer);
		live.restartTimer = null;
		const pid = live.pid;
		live.status = 'stopping';
		if (pid) await killAndWait(pid, 'SIGTERM', this.#spawner.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
		this.#stopAdoptionWatch(live);
		live.status = 'stopped';
		live.pid = null;
		live.child = null;
		live.ready = null;
		this.#store.recordNoProcess(id);
	}

	forget(id: string): void {
		this.#live.delete(id);
	}

	/**
	 * Stops supervising without stopping anything (a runtime handing its sites to the next one):
	 * nothing starts or restarts from now on, and no process's exit is acted on, so the processes
	 * are left as they are for the next runtime to adopt. A replacement still booting is killed: it
	 * would be a second process of its site that no record names.
	 */
	release(): void {
		this.#closed = true;
		for (const child of this.#booting) child.kill('SIGKILL');
		for (const live of this.#live.values()) {
			if (live.restartTimer) clearTimeout(live.restartTimer);
			live.restartTimer = null;
			this.#stopAdoptionWatch(live);
			live.child = null;
		}
	}

	/** Stops everything (runtime shutdown). */
	async stopAll(): Promise<void> {
		this.#closed = true;
		for (const child of this.#booting) child.kill('SIGKILL');
		await Promise.all([...this.#live.keys()].map((id) => this.stop(id)));
	}
}
