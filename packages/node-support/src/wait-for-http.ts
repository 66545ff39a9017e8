/**
 * Polls a URL until it answers 2xx: how the platform waits for every process it starts (the
 * control plane, the runtime's API, each site's Directus). Callers say what "died" means and
 * what to report; this only says how to wait.
 */
export type WaitOutcome = 'ok' | 'exited' | 'timed-out';

export interface WaitForHttpOptions {
	timeoutMs: number;
	intervalMs?: number;
	headers?: Record<string, string>;
	/** Stops waiting as soon as it returns false (the process has exited). */
	isAlive?: () => boolean;
}

/** One attempt may hang on a process that accepts but never answers; it is cut off after this. */
const ATTEMPT_TIMEOUT_MS = 2000;

export async function waitForHttpOk(url: string, options: WaitForHttpOptions): Promise<WaitOutcome> {
	const deadline = Date.now() + options.timeoutMs;
	while (Date.now() < deadline) {
		if (options.isAlive && !options.isAlive()) return 'exited';
		try {
			const response = await fetch(url, { headers: options.headers, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
			if (response.ok) return 'ok';
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
	}
	return 'timed-out';
}
