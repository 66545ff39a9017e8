/**
 * Pings a site through the router, one request after another, until stopped. Every outcome is
 * kept, so a test can assert that none failed rather than retry past a failure.
 */
import { hostRequest } from './host-request.ts';

export interface Pinger {
	/** Stops after the request in flight and resolves with every outcome: `pong` or what went wrong. */
	stop(): Promise<string[]>;
}

async function pingOnce(routerUrl: string, host: string): Promise<string> {
	try {
		const response = await hostRequest(routerUrl, host, '/server/ping', { headers: { accept: 'application/json' }, timeoutMs: 10_000 });
		return response.status === 200 && response.body === 'pong' ? 'pong' : `${response.status} ${response.body.slice(0, 200)}`;
	} catch (error) {
		return `request failed: ${(error as Error).message}`;
	}
}

export function keepPinging(routerUrl: string, host: string, intervalMs = 50): Pinger {
	const outcomes: string[] = [];
	let stopped = false;
	const loop = (async () => {
		while (!stopped) {
			outcomes.push(await pingOnce(routerUrl, host));
			await new Promise((resolve) => setTimeout(resolve, intervalMs));
		}
	})();
	return {
		async stop() {
			stopped = true;
			await loop;
			return outcomes;
		},
	};
}
