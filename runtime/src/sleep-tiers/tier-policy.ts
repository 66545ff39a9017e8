/**
 * Which tier a site sleeps in, from what the machine has room for. Pure, so every branch is tested
 * without a process: pausing keeps the memory, so it needs room in the paused-memory budget and in
 * the machine's free memory; a checkpoint writes about the site's resident memory to disk, so it
 * needs room in the image budget and on the disk.
 */
import type { SleepTier } from '@epic/runtime-contract';

export interface TierLimits {
	pausedMemoryLimitBytes: number;
	minFreeMemoryBytes: number;
	checkpointDiskLimitBytes: number;
	minFreeDiskBytes: number;
}

export interface TierRoom {
	/** Can this site be checkpointed at all (CRIU works here, SQLite storage, its own PID namespace). */
	checkpointable: boolean;
	siteMemoryBytes: number;
	pausedMemoryBytes: number;
	freeMemoryBytes: number;
	imageBytes: number;
	freeDiskBytes: number;
}

export function tierAfterPause(room: TierRoom, limits: TierLimits): Exclude<SleepTier, 'paused'> {
	if (!room.checkpointable) return 'stopped';
	// An image is about the site's resident memory (measured: 160-230 MB for 235-285 MB resident).
	const expected = room.siteMemoryBytes;
	if (room.imageBytes + expected > limits.checkpointDiskLimitBytes) return 'stopped';
	if (room.freeDiskBytes - expected < limits.minFreeDiskBytes) return 'stopped';
	return 'checkpointed';
}

export function firstSleepTier(room: TierRoom, limits: TierLimits): SleepTier {
	const fitsBudget = room.pausedMemoryBytes + room.siteMemoryBytes <= limits.pausedMemoryLimitBytes;
	if (limits.pausedMemoryLimitBytes > 0 && fitsBudget && room.freeMemoryBytes >= limits.minFreeMemoryBytes) return 'paused';
	return tierAfterPause(room, limits);
}
