/**
 * Reads the control plane's own metrics (webhooks, provisioning) over loopback with the shared
 * secret, so one scrape address covers both planes. A control plane that is down, slow or refusing
 * gives null: the runtime's own metrics are served regardless.
 *
 * During a rotation of RUNTIME_SECRET the runtime has the new secret before the control plane's
 * replicas do (docs/swarm.md, Rotating RUNTIME_SECRET), so a refusal of one accepted secret is
 * followed by the next: the scrape keeps the control plane's figures whichever it holds.
 */
import { PLATFORM_METRICS_PATH } from '@epic/runtime-contract';
import type { AcceptedSecrets } from '../secrets/accepted-secrets.ts';

export type ControlPlaneMetricsReader = () => Promise<string | null>;

/** Short: a scrape waits for this at most, and Prometheus's own timeout is 10 s by default. */
export const CONTROL_PLANE_METRICS_TIMEOUT_MS = 2000;

const REFUSED = 401;

export function controlPlaneMetricsReader(controlPlaneUrl: string, secrets: AcceptedSecrets, timeoutMs = CONTROL_PLANE_METRICS_TIMEOUT_MS): ControlPlaneMetricsReader {
	const url = new URL(PLATFORM_METRICS_PATH, controlPlaneUrl);
	return async () => {
		// One deadline for the whole read, however many secrets it tries.
		const signal = AbortSignal.timeout(timeoutMs);
		try {
			for (const secret of secrets) {
				const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` }, signal });
				if (response.status === REFUSED) {
					await response.body?.cancel();
					continue;
				}
				if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/plain')) return null;
				return await response.text();
			}
			return null;
		} catch {
			return null;
		}
	};
}
