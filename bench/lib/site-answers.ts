/**
 * A site's answer to its admin, through a router: `GET /users/me` with the admin's token, as a
 * benchmark asks for a site that is moving, waking or changing hands.
 */
import { hostRequest } from '../../tests/support/host-request.ts';
import { elapsed, now, sleep } from './time.ts';

/** The status the site answered through `routerUrl`, or null when no answer came in `timeoutMs` (a request may wait for the site's task). */
export async function adminReadStatus(routerUrl: string, host: string, token: string, timeoutMs: number): Promise<number | null> {
	const answer = await hostRequest(routerUrl, host, '/users/me', { headers: { authorization: `Bearer ${token}` }, timeoutMs }).catch(() => null);
	return answer?.status ?? null;
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
