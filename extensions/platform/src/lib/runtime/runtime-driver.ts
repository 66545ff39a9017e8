/**
 * What the control plane needs from wherever project instances run. Provisioning and billing
 * code depend on this interface only: `local` (the runtime on this machine) implements it today,
 * a `kubernetes` driver (Deployment, Service and Ingress per project) can implement it later.
 */

export type InstanceState =
	| 'creating'
	| 'starting'
	| 'running'
	| 'restarting'
	| 'stopping'
	| 'sleeping'
	| 'stopped'
	| 'suspended';

export interface InstanceStatus {
	projectId: string;
	state: InstanceState;
	subdomain: string | null;
	domains: string[];
	/** Where the instance listens on its host, for diagnostics; null while it does not run. */
	port: number | null;
	pid: number | null;
	/** The site URL the running process knows (Directus reads it at start); null until it has one. */
	publicUrl: string | null;
	createdAt: string;
	lastRequestAt: string | null;
	memoryBytes: number | null;
	diskBytes?: number;
	restarts: number;
	lastError: string | null;
	source?: 'warm-pool' | 'cold';
}

export interface AdminCredentials {
	email: string;
	password: string;
}

export interface EnsureInstanceRequest {
	projectId: string;
	subdomain: string;
	projectName: string;
	admin: AdminCredentials;
}

export interface DailyUsage {
	projectId: string;
	day: string;
	requests: number;
}

export interface RuntimeDriver {
	/** Creates the instance if it does not exist and resolves once it serves. Idempotent. */
	ensureInstance(request: EnsureInstanceRequest): Promise<InstanceStatus>;
	startInstance(projectId: string): Promise<InstanceStatus>;
	stopInstance(projectId: string): Promise<InstanceStatus>;
	suspendInstance(projectId: string): Promise<InstanceStatus>;
	/** Removes the instance with its data. Not found counts as done. */
	deleteInstance(projectId: string): Promise<void>;
	/** Null when the driver knows no such instance: not-found is a state, not an error. */
	instanceStatus(projectId: string): Promise<InstanceStatus | null>;
	setAdminCredentials(projectId: string, admin: AdminCredentials): Promise<void>;
	setCustomDomains(projectId: string, domains: string[]): Promise<InstanceStatus>;
	usage(fromDay: string, projectId?: string): Promise<DailyUsage[]>;
}
