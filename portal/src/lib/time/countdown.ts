/** Whole days, hours, minutes and seconds from `now` until `end` (both in ms); zeros once it has passed. */
export type Remaining = { days: number; hours: number; minutes: number; seconds: number; ended: boolean };

export function remainingUntil(end: number, now: number): Remaining {
	const totalSeconds = Math.max(0, Math.ceil((end - now) / 1000));
	return {
		days: Math.floor(totalSeconds / 86_400),
		hours: Math.floor((totalSeconds % 86_400) / 3600),
		minutes: Math.floor((totalSeconds % 3600) / 60),
		seconds: totalSeconds % 60,
		ended: totalSeconds === 0,
	};
}
