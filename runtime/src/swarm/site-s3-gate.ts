/**
 * The gate of the swarm sites, on SWARM_SITE_S3_GATE_HOST:PORT, the one platform port their tasks
 * reach: their uploads through the S3 gate (s3-gate/), and each task's database password as it
 * starts (task-gate/). The runtime runs one, and the site gate (site-gate.ts) another on the same
 * port, so that neither's absence stops the sites' files or their tasks' starts.
 */
import type { RuntimeConfig, SwarmSiteStorage } from '../config.ts';
import { acceptedSecrets } from '../secrets/accepted-secrets.ts';
import type { InstanceRecord, InstanceStorage } from '../state/instance-record.ts';
import { startS3Gate, type S3Gate } from './s3-gate/s3-gate.ts';
import { siteS3Credentials } from './s3-gate/site-s3-credentials.ts';
import { serviceName } from './swarm-service-arguments.ts';
import { instanceIdOfDir, siteUploadsPrefix } from './swarm-site-env.ts';
import { isWantedTask } from './swarm-task-locator.ts';
import { isSiteTaskToken } from './task-gate/site-task-token.ts';
import { answerTaskPasswordRequest, TASK_PASSWORD_PATH, type TaskPasswordGrantParts } from './task-gate/task-password-grant.ts';

/** Sets a task's own password on its site's role and returns it (grantTaskRolePassword). */
export type GrantTaskPassword = (storage: InstanceStorage, taskId: string) => Promise<string>;

/** The storage of the site with this instance id, or null for a site the records do not have. */
export type SiteStorageOf = (instanceId: string) => Promise<InstanceStorage | null>;

/** The storage of the site with this instance id among `records`, null when none has it. */
export function siteStorageIn(records: readonly Pick<InstanceRecord, 'dir' | 'storage'>[], instanceId: string): InstanceStorage | null {
	return records.find((record) => instanceIdOfDir(record.dir) === instanceId)?.storage ?? null;
}

export function startSiteS3Gate(
	config: Pick<RuntimeConfig, 'RUNTIME_SECRET' | 'RUNTIME_SECRET_PREVIOUS'>,
	storage: SwarmSiteStorage,
	storageOf: SiteStorageOf,
	grantTaskPassword: GrantTaskPassword,
	log: (message: string) => void,
): Promise<S3Gate> {
	// Sites created before a rotation hold what the previous secret made until they are created again.
	const secrets = acceptedSecrets(config);
	const parts: TaskPasswordGrantParts = {
		isTokenOf: (instanceId, token) => isSiteTaskToken(secrets, instanceId, token),
		isWantedTask: (instanceId, taskId) => isWantedTask(serviceName(instanceId), taskId),
		grant: async (instanceId, taskId) => {
			const siteStorage = await storageOf(instanceId);
			return siteStorage ? grantTaskPassword(siteStorage, taskId) : null;
		},
		log,
	};
	return startS3Gate({
		host: storage.gate.host,
		port: storage.gate.port,
		storage: storage.s3,
		secretsOf: (instanceId) => secrets.map((secret) => siteS3Credentials(secret, instanceId).secretAccessKey),
		prefixOf: (instanceId) => siteUploadsPrefix(storage, instanceId),
		log,
		ownPaths: new Map([[TASK_PASSWORD_PATH, (request, response) => answerTaskPasswordRequest(request, response, parts)]]),
	});
}
