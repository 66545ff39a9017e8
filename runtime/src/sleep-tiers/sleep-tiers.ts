/**
 * How idle sites sleep and wake, tier by tier (docs/architecture.md#data-plane-runtime, "Sleep tiers"):
 *  - paused: SIGSTOP (a container: `docker pause`); the memory stays, a wake is a SIGCONT (milliseconds);
 *  - checkpointed: a CRIU image on disk, the memory freed; a wake restores it (well under a second);
 *  - stopped: no process; a wake is a cold boot.
 * Sites move down as they stay idle. Every failure of a dump or a restore ends in the stopped tier,
 * whose wake is the ordinary cold boot: never a broken site. An image is deleted as soon as a
 * restore has read it, whether the restore worked or not: restoring one twice would replay the
 * process's random number state (duplicate tokens and UUIDs).
 * Callers hold the instance's lock for every method that takes an id.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';
import type { CheckpointSupport, SleepTier, SleepTiersStatus } from '@epic/runtime-contract';
import type { RuntimeConfig } from '../config.ts';
import { dumpProcess, restoreProcess } from '../checkpoint/criu.ts';
import { sitePid } from '../processes/site-process.ts';
import { waitForNoConnections } from '../checkpoint/tcp-connections.ts';
import { folderBytes } from '../instances/disk-usage.ts';
import type { ProcessSupervisor } from '../instances/process-supervisor.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader, ProcessObservationWriter } from '../state/instance-store.ts';
import { firstSleepTier, tierAfterPause, type TierLimits, type TierRoom } from './tier-policy.ts';

type Sleeper = { tier: 'paused'; since: number; memoryBytes: number } | { tier: 'checkpointed'; since: number; imageDir: string; imageBytes: number };

export interface SleepTiersParts {
	config: RuntimeConfig;
	support: CheckpointSupport;
	supervisor: ProcessSupervisor;
	store: InstanceReader & ProcessObservationWriter;
	/** Ends the router's idle keep-alive connections to a port (see router/proxy.ts). */
	closeUpstreamSockets: (port: number) => void;
	log: (message: string) => void;
	now: () => number;
}

const MB = 1024 * 1024;

/** True when the process is PID 1 of its own PID namespace (started by the site launcher). */
function leadsOwnPidNamespace(pid: number): boolean {
	try {
		const line = /^NSpid:\s+(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '';
		const pids = line.trim().split(/\s+/);
		return pids.length > 1 && pids.at(-1) === '1';
	} catch {
		return false;
	}
}

export class SleepTiers {
	readonly #parts: SleepTiersParts;
	readonly #limits: TierLimits;
	readonly #sleepers = new Map<string, Sleeper>();
	readonly imagesDir: string;

	constructor(parts: SleepTiersParts) {
		this.#parts = parts;
		const { config } = parts;
		this.#limits = {
			pausedMemoryLimitBytes: config.PAUSED_MEMORY_LIMIT_MB * MB,
			minFreeMemoryBytes: config.MIN_FREE_MEMORY_MB * MB,
			checkpointDiskLimitBytes: config.CHECKPOINT_DISK_LIMIT_MB * MB,
			minFreeDiskBytes: config.MIN_FREE_DISK_MB * MB,
		};
		this.imagesDir = path.join(config.dataDir, 'checkpoints');
		// Images a previous runtime left: it cannot say which were already restored, so none is used.
		rmSync(this.imagesDir, { recursive: true, force: true });
	}

	tierOf(id: string): SleepTier | undefined {
		return this.#sleepers.get(id)?.tier;
	}

	status(): SleepTiersStatus {
		const sleepers = [...this.#sleepers.values()];
		return {
			checkpoint: this.#parts.support,
			paused: sleepers.filter((sleeper) => sleeper.tier === 'paused').length,
			checkpointed: sleepers.filter((sleeper) => sleeper.tier === 'checkpointed').length,
			imageBytes: this.#imageBytes(),
		};
	}

	#imageBytes(): number {
		let total = 0;
		for (const sleeper of this.#sleepers.values()) if (sleeper.tier === 'checkpointed') total += sleeper.imageBytes;
		return total;
	}

	async #room(record: InstanceRecord, pid: number | null): Promise<TierRoom> {
		const memory = await this.#parts.supervisor.hostMemory(record.id);
		let pausedMemoryBytes = 0;
		for (const sleeper of this.#sleepers.values()) if (sleeper.tier === 'paused') pausedMemoryBytes += sleeper.memoryBytes;
		let freeDiskBytes = 0;
		try {
			const disk = statfsSync(this.#parts.config.dataDir);
			freeDiskBytes = disk.bavail * disk.bsize;
		} catch {
			// Unknown free disk: no checkpoint.
		}
		return {
			checkpointable: this.#parts.support.available && record.storage.client === 'sqlite3' && pid !== null && leadsOwnPidNamespace(pid),
			siteMemoryBytes: memory.siteMemoryBytes ?? 0,
			pausedMemoryBytes,
			freeMemoryBytes: memory.freeMemoryBytes,
			imageBytes: this.#imageBytes(),
			freeDiskBytes,
		};
	}

	#sitePidOf(id: string): number | null {
		const { pid } = this.#parts.supervisor.details(id);
		return pid ? sitePid(pid) : null;
	}

	/** Puts a running, idle site to sleep in the best tier there is room for. */
	async sleep(record: InstanceRecord): Promise<SleepTier> {
		// The router's kept-alive connections to the site would outlive the site's own keep-alive
		// timer, which a paused process cannot run: the first request after the wake would be
		// written on a connection the site closes as it wakes. Closed here, before any tier.
		this.#parts.closeUpstreamSockets(record.port);
		const pid = this.#sitePidOf(record.id);
		const room = await this.#room(record, pid);
		const tier = firstSleepTier(room, this.#limits);
		if (tier === 'paused') {
			if (await this.#parts.supervisor.pause(record.id)) {
				this.#sleepers.set(record.id, { tier, since: this.#parts.now(), memoryBytes: room.siteMemoryBytes });
				return 'paused';
			}
		}
		if (tier === 'checkpointed' && pid) return this.#checkpoint(record, pid);
		await this.#stop(record.id);
		return 'stopped';
	}

	/** Sites that have slept long enough in their tier to move down one. */
	dueToMoveDown(): string[] {
		const now = this.#parts.now();
		const { PAUSED_FOR_SECONDS, CHECKPOINT_KEEP_SECONDS } = this.#parts.config;
		return [...this.#sleepers.entries()]
			.filter(([, sleeper]) => now - sleeper.since >= (sleeper.tier === 'paused' ? PAUSED_FOR_SECONDS : CHECKPOINT_KEEP_SECONDS) * 1000)
			.map(([id]) => id);
	}

	/** Paused → checkpointed or stopped; checkpointed → stopped (its image deleted). */
	async moveDown(record: InstanceRecord): Promise<SleepTier | undefined> {
		const sleeper = this.#sleepers.get(record.id);
		if (!sleeper) return undefined;
		this.#sleepers.delete(record.id);
		if (sleeper.tier === 'checkpointed') {
			rmSync(sleeper.imageDir, { recursive: true, force: true });
			return 'stopped';
		}
		// CRIU could dump a stopped tree, but would restore it stopped: it is resumed first.
		await this.#parts.supervisor.unpause(record.id);
		const pid = this.#sitePidOf(record.id);
		if (pid && tierAfterPause(await this.#room(record, pid), this.#limits) === 'checkpointed') return this.#checkpoint(record, pid);
		await this.#stop(record.id);
		return 'stopped';
	}

	async #stop(id: string): Promise<void> {
		await this.#parts.supervisor.stop(id);
	}

	async #checkpoint(record: InstanceRecord, pid: number): Promise<SleepTier> {
		const imageDir = path.join(this.imagesDir, `${path.basename(record.dir)}-${randomBytes(4).toString('hex')}`);
		try {
			this.#parts.closeUpstreamSockets(record.port);
			if (!(await waitForNoConnections(record.port, 2000))) throw new Error('connections to the site stayed open');
			await dumpProcess(this.#parts.config.CRIU_PATH!, pid, imageDir);
		} catch (error) {
			rmSync(imageDir, { recursive: true, force: true });
			this.#parts.log(`instance ${record.id}: checkpoint failed, stopping it instead: ${(error as Error).message}`);
			await this.#stop(record.id);
			return 'stopped';
		}
		// The dump ended the process; this makes the supervisor's books say so at once.
		await this.#stop(record.id);
		this.#sleepers.set(record.id, { tier: 'checkpointed', since: this.#parts.now(), imageDir, imageBytes: await folderBytes(imageDir) });
		return 'checkpointed';
	}

	/**
	 * Brings a sleeping site back from its tier if it can; the caller then starts it as usual, which
	 * is nothing more for a site that is back and a cold boot for any other. Never throws.
	 */
	async wake(id: string): Promise<void> {
		const sleeper = this.#sleepers.get(id);
		if (!sleeper) return;
		this.#sleepers.delete(id);
		if (sleeper.tier === 'paused') {
			await this.#parts.supervisor.unpause(id);
			return;
		}
		await this.#restore(id, sleeper.imageDir);
	}

	async #restore(id: string, imageDir: string): Promise<void> {
		const { supervisor, store, config, log } = this.#parts;
		const record = store.get(id);
		if (!record) return;
		let pid: number;
		try {
			pid = await restoreProcess(config.CRIU_PATH!, imageDir);
		} catch (error) {
			log(`instance ${id}: restoring its checkpoint failed, booting it instead: ${(error as Error).message}`);
			return;
		} finally {
			rmSync(imageDir, { recursive: true, force: true });
		}
		try {
			store.recordPid(id, pid);
			// Not the runtime's child: watched through /proc, like a process a previous runtime left.
			supervisor.adopt(id, pid, record.dir, record.port);
			await supervisor.start(id);
		} catch (error) {
			log(`instance ${id}: its restored process did not answer, booting it instead: ${(error as Error).message}`);
		}
	}

	/**
	 * Takes a site out of its tier for an operation that starts or stops it itself (start, stop,
	 * delete, a backup restore): a paused site runs again, an image is deleted (the site's data may
	 * change under it).
	 */
	async discard(id: string): Promise<void> {
		const sleeper = this.#sleepers.get(id);
		if (!sleeper) return;
		this.#sleepers.delete(id);
		if (sleeper.tier === 'paused') await this.#parts.supervisor.unpause(id);
		else rmSync(sleeper.imageDir, { recursive: true, force: true });
	}

	/**
	 * Every sleeper out of its tier, before the runtime stops its sites: a paused container (or
	 * swarm task) could not act on its stop until thawed. (A stop continues a paused process itself.)
	 */
	async discardAll(): Promise<void> {
		await Promise.all([...this.#sleepers.keys()].map((id) => this.discard(id)));
	}
}
