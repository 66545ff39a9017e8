/**
 * Reports, in `npm start`'s log, when the disk holding the platform's data (databases, uploads,
 * sites, backups) runs low, and when it has room again. It only reports: what to free is an
 * operator's decision. One line per change, never one per check.
 */
import { statfs } from 'node:fs/promises';

/** Below this many free bytes the disk is reported as low. */
export const LOW_DISK_BYTES = 1024 ** 3;
const CHECK_EVERY_MS = 60_000;

export interface DiskSpaceWatchOptions {
	dir: string;
	log: (message: string) => void;
	lowBytes?: number;
	intervalMs?: number;
	/** Free bytes of the disk holding `dir`; statfs by default. */
	freeBytes?: (dir: string) => Promise<number>;
}

async function statfsFreeBytes(dir: string): Promise<number> {
	const stats = await statfs(dir);
	return stats.bavail * stats.bsize;
}

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;

/** One check per call; logs only when the state changes. */
export function diskSpaceMonitor(options: DiskSpaceWatchOptions): { check: () => Promise<void> } {
	const lowBytes = options.lowBytes ?? LOW_DISK_BYTES;
	const freeBytes = options.freeBytes ?? statfsFreeBytes;
	let reported: 'low' | 'ok' | 'unreadable' = 'ok';

	const check = async () => {
		let free: number;
		try {
			free = await freeBytes(options.dir);
		} catch (error) {
			if (reported !== 'unreadable') options.log(`Could not read the free disk space of ${options.dir}: ${(error as Error).message}`);
			reported = 'unreadable';
			return;
		}
		if (free < lowBytes && reported !== 'low') {
			options.log(`Disk space is low: ${gib(free)} free for ${options.dir} (warning below ${gib(lowBytes)}). Sites, uploads and backups will fail when it is full.`);
			reported = 'low';
		} else if (free >= lowBytes && reported !== 'ok') {
			options.log(`Disk space is back to ${gib(free)} free for ${options.dir}.`);
			reported = 'ok';
		}
	};

	return { check };
}

/** Checks now and then every minute; returns the function that stops it. */
export function watchDiskSpace(options: DiskSpaceWatchOptions): () => void {
	const monitor = diskSpaceMonitor(options);
	// check() catches its own failures, so a timer tick can never throw.
	void monitor.check();
	const timer = setInterval(() => void monitor.check(), options.intervalMs ?? CHECK_EVERY_MS);
	timer.unref();
	return () => clearInterval(timer);
}
