import { serverPing } from '@directus/sdk';
import useSWR from 'swr';
import { UnexpectedResponseError } from '../../../lib/api-error';
import { directus } from '../../../lib/directus';

/** How often the footer re-checks the control plane. */
export const SERVER_PING_INTERVAL_MS = 30_000;

export const serverPingKey = 'server/ping';

/**
 * Resolves when the control plane answers its liveness probe. The body is
 * checked because a static host or proxy answers unknown paths with an HTML
 * page and 200, which would otherwise read as "operational".
 */
export async function fetchServerPing(): Promise<true> {
	const body = await directus.request(serverPing());
	if (typeof body !== 'string' || body.trim() !== 'pong') {
		throw new UnexpectedResponseError('GET /server/ping did not answer pong');
	}
	return true;
}

export function useServerPing() {
	return useSWR(serverPingKey, fetchServerPing, {
		refreshInterval: SERVER_PING_INTERVAL_MS,
		// The 30 s poll is the retry; SWR's own backoff would ping faster while down.
		shouldRetryOnError: false,
		revalidateOnFocus: false,
	});
}
