import { useEffect, useState } from 'react';

/** Milliseconds since the epoch; tests and stories pass their own. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** The time now, read again every `intervalMs` while the component is mounted. */
export function useNow(intervalMs: number, clock: Clock = systemClock): number {
	const [now, setNow] = useState(clock);
	useEffect(() => {
		const timer = window.setInterval(() => setNow(clock()), intervalMs);
		return () => window.clearInterval(timer);
	}, [clock, intervalMs]);
	return now;
}
