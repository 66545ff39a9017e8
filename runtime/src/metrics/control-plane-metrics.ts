/**
 * Reads the control plane's own metrics (webhooks, provisioning) over loopback with the shared
 * secret, so one scrape address covers both planes. A control plane that is down, slow or refusing
 * gives null: the runtime's own metrics are served regardless.
 */
import { PLATFORM_METRICS_PATH } from '@epic/runtime-contract';

export type ControlPlaneMetricsReader = () => Promise<string | null>;

/** Short: a scrape waits for this at most, and Prometheus's own timeout is 10 s by default. */
export const CONTROL_PLANE_METRICS_TIMEOUT_MS = 2000;

export function controlPlaneMetricsReader(controlPlaneUrl: string, secret: string, timeoutMs = CONTROL_PLANE_METRICS_TIMEOUT_MS): ControlPlaneMetricsReader {
	const url = new URL(PLATFORM_METRICS_PATH, controlPlaneUrl);
	return async () => {
		try {
			const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` }, signal: AbortSignal.timeout(timeoutMs) });
			if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/plain')) return null;
			return await response.text();
		} catch {
			return null;
		}
	};
}
