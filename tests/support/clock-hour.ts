/**
 * Sites' mail allowances count clock hours (UTC, runtime/src/site-mail/hourly-allowance.ts): a test
 * that sends an hour's emails over several steps would see the count start over if the hour ended
 * halfway. Such a file starts only with room before the next hour, waiting past it when it is this
 * close (in about one run in twelve).
 */
export const ROOM_BEFORE_THE_HOUR_MS = 5 * 60_000;

export async function awayFromTheHoursEnd(now = Date.now()): Promise<void> {
	const left = 3_600_000 - (now % 3_600_000);
	if (left < ROOM_BEFORE_THE_HOUR_MS) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}
