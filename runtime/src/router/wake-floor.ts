/**
 * Whether a visitor's request may wake a sleeping site now. A wake from the paused tier costs no
 * memory (the process is resident); a checkpoint restore or a cold boot costs a whole site's.
 * Anyone can send a request to every site, so below the floor of free memory the router answers
 * 503 with Retry-After and the site sleeps on, instead of waking sites until the machine swaps.
 */
import type { SleepTier } from '@epic/runtime-contract';

export interface WakeFloorParts {
	floorBytes: number;
	freeMemoryBytes: () => number;
	tierOf: (id: string) => SleepTier | undefined;
}

export type WakeAllowed = (id: string) => boolean;

export function wakeFloor(parts: WakeFloorParts): WakeAllowed {
	return (id) => parts.tierOf(id) === 'paused' || parts.freeMemoryBytes() >= parts.floorBytes;
}
