/**
 * The suites' ways to wait for something the system does in its own time (a site booting, a mail
 * arriving, a job finishing), so no test writes its own deadline loop. Neither ever makes a test
 * pass: `waitFor` fails by itself on time-out, and `readUntil` hands its last read to the test's
 * assertion.
 */

/**
 * Resolves with the first truthy value `probe` gives. A probe that throws is polled again (the
 * thing may not exist yet); past `timeoutMs`, rejects with what was awaited and the last error.
 */
export async function waitFor<T>(
	what: string,
	probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
	timeoutMs = 30_000,
	intervalMs = 100,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let last: unknown;
	while (Date.now() < deadline) {
		try {
			const value = await probe();
			if (value) return value;
		} catch (error) {
			last = error;
		}
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
	throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}

/**
 * Reads until `done` accepts what `read` gave or `timeoutMs` has passed, and resolves with the
 * last read either way: the test's own assertion on it then says what was expected and what was
 * there (a job still running, a project still pending).
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000, intervalMs = 250): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let value = await read();
	while (!done(value) && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
		value = await read();
	}
	return value;
}
