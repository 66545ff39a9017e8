/**
 * Delay before trying again after consecutive failures (a site, the runtime or the control plane
 * that crashed or failed to start, a warm-pool refill that failed): 0.5 s, 1 s, 2 s … capped at
 * 30 s. A process that ran for a minute before crashing starts the sequence again, so one crash a
 * day never waits long.
 */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
export const STABLE_AFTER_MS = 60_000;

export function restartDelayMs(consecutiveCrashes: number): number {
	return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, consecutiveCrashes - 1));
}
