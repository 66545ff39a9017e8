/**
 * A site's answer to its admin, through a router: `GET /users/me` (or a file) with the admin's
 * token, as a benchmark asks for a site that is moving, waking or changing hands.
 */
import { hostRequest } from '../../tests/support/host-request.ts';
import { elapsed, now, sleep } from './time.ts';

/** The status the site answered through `routerUrl`, or null when no answer came in `timeoutMs` (a request may wait for the site's task). */
export async function adminReadStatus(routerUrl: string, host: string, token: string, timeoutMs: number): Promise<number | null> {
	const answer = await hostRequest(routerUrl, host, '/users/me', { headers: { authorization: `Bearer ${token}` }, timeoutMs }).catch(() => null);
	return answer?.status ?? null;
}

/** The status of the file `id` as the site served it through `routerUrl` (`GET /assets/:id`), or null when no answer came in `timeoutMs`. */
export async function assetReadStatus(routerUrl: string, host: string, token: string, id: string, timeoutMs: number): Promise<number | null> {
	const answer = await hostRequest(routerUrl, host, `/assets/${id}`, { headers: { authorization: `Bearer ${token}` }, timeoutMs }).catch(() => null);
	return answer?.status ?? null;
}

/**
 * Asks `ask` (a status, or null for no answer) every `everyMs` until the returned stop is called.
 * Reports the longest time between two 200s (a request held while the site boots counts as much as
 * one that fails), the slowest request, and the requests that did not get a 200.
 */
export function askContinuously(ask: () => Promise<number | null>, everyMs: number): () => Promise<{ failed: number; slowestMs: number; longestBetweenAnswersMs: number }> {
	let asking = true;
	let failed = 0;
	let slowestMs = 0;
	let longestBetweenAnswersMs = 0;
	let lastAnswer = now();
	const loop = (async () => {
		while (asking) {
			const sent = now();
			const status = await ask();
			slowestMs = Math.max(slowestMs, elapsed(sent));
			if (status === 200) {
				longestBetweenAnswersMs = Math.max(longestBetweenAnswersMs, elapsed(lastAnswer));
				lastAnswer = now();
			} else {
				failed++;
			}
			await sleep(everyMs);
		}
	})();
	return async () => {
		asking = false;
		await loop;
		return { failed, slowestMs, longestBetweenAnswersMs };
	};
}

/** Milliseconds from now until the site answers 200 through `routerUrl`, asking every 50 ms; throws after `deadlineMs`. */
export async function untilAnswering(
	routerUrl: string,
	host: string,
	token: string,
	{ deadlineMs, requestTimeoutMs }: { deadlineMs: number; requestTimeoutMs: number },
): Promise<number> {
	const started = now();
	const deadline = Date.now() + deadlineMs;
	while (Date.now() < deadline) {
		if ((await adminReadStatus(routerUrl, host, token, requestTimeoutMs)) === 200) return elapsed(started);
		await sleep(50);
	}
	throw new Error(`${host} did not answer within ${deadlineMs / 1000} s`);
}
