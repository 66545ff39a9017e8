/**
 * Boots one of something per vitest worker, side by side, for a global setup: all of them or none
 * (a failed boot stops the ones that came up, then throws its error).
 */
export async function bootOnePerWorker<T>(
	workers: number,
	boot: (index: number) => Promise<T>,
	stop: (booted: T) => Promise<void>,
): Promise<{ running: T[]; stopAll: () => Promise<void> }> {
	const booted = await Promise.allSettled(Array.from({ length: workers }, (_, index) => boot(index)));
	const running = booted.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
	const stopAll = async () => {
		await Promise.all(running.map(stop));
	};
	const failure = booted.find((result) => result.status === 'rejected');
	if (failure) {
		await stopAll();
		throw failure.reason;
	}
	return { running, stopAll };
}
