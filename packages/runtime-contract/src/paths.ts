/** The management API's paths, built in one place for the client and matched in one for the server. */

export type InstanceAction = 'start' | 'stop' | 'suspend' | 'admin' | 'domains' | 'cors' | 'resources' | 'upgrade' | 'logs' | 'tier' | 'template' | 'license';

export function instancePath(projectId: string, action?: InstanceAction): string {
	return `/instances/${encodeURIComponent(projectId)}${action ? `/${action}` : ''}`;
}

export const INSTANCES_PATH = '/instances';
export const POOL_PATH = '/pool';
export const USAGE_PATH = '/usage';
export const SLEEP_TIERS_PATH = '/sleep-tiers';
/** Asked by Caddy's on-demand TLS without the secret: is `?domain=` one of our sites? */
export const TLS_ALLOWED_PATH = '/tls-allowed';

/** A project's backups, one backup, or one backup's archive or restore action. */
export function backupsPath(projectId: string, backupId?: string, action?: 'archive' | 'restore'): string {
	const base = `${instancePath(projectId)}/backups`;
	if (!backupId) return base;
	return `${base}/${encodeURIComponent(backupId)}${action ? `/${action}` : ''}`;
}

export function restoreJobPath(projectId: string, jobId: string): string {
	return `${instancePath(projectId)}/restores/${encodeURIComponent(jobId)}`;
}

/** The control plane's metrics in Prometheus text, read by the runtime with the shared secret. */
export const PLATFORM_METRICS_PATH = '/platform-metrics';
