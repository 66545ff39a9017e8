/**
 * Runs `work` while `renew` runs every `everyMs`: a claim, lease or lock kept alive as long as its
 * holder works on it. A renewal that fails (or throws) goes to `onFailure` and the next interval
 * tries again; the timer never keeps the process alive and stops when the work ends.
 */
export async function whileRenewing<T>(everyMs: number, renew: () => Promise<unknown>, onFailure: (error: Error) => void, work: () => Promise<T>): Promise<T> {
	const renewal = setInterval(() => {
		Promise.resolve()
			.then(renew)
			.catch((error: unknown) => onFailure(error as Error));
	}, everyMs);
	renewal.unref();
	try {
		return await work();
	} finally {
		clearInterval(renewal);
	}
}
