/**
 * The gate of this runtime's swarm sites, on SWARM_SITE_S3_GATE_HOST:PORT, the one runtime port
 * their tasks reach: their uploads through the S3 gate (s3-gate/), and each task's database
 * password as it starts (task-gate/).
 */
import type { RuntimeConfig, SwarmSiteStorage } from '../config.ts';
import { acceptedSecrets } from '../secrets/accepted-secrets.ts';
import type { InstanceStorage } from '../state/instance-record.ts';
import type { StateStore } from '../state/state-store.ts';
import { startS3Gate, type S3Gate } from './s3-gate/s3-gate.ts';
import { siteS3Credentials } from './s3-gate/site-s3-credentials.ts';
import { serviceName } from './swarm-service-arguments.ts';
import { instanceIdOfDir, siteUploadsPrefix } from './swarm-site-env.ts';
import { isWantedTask } from './swarm-task-locator.ts';
import { isSiteTaskToken } from './task-gate/site-task-token.ts';
import { answerTaskPasswordRequest, TASK_PASSWORD_PATH, type TaskPasswordGrantParts } from './task-gate/task-password-grant.ts';

/** Sets a task's own password on its site's role and returns it (PostgresDatabases.grantTaskPassword). */
export type GrantTaskPassword = (storage: InstanceStorage, taskId: string) => Promise<string>;

export function startSiteS3Gate(
	config: Pick<RuntimeConfig, 'RUNTIME_SECRET' | 'RUNTIME_SECRET_PREVIOUS'>,
	storage: SwarmSiteStorage,
	store: Pick<StateStore, 'all'>,
	grantTaskPassword: GrantTaskPassword,
	log: (message: string) => void,
): Promise<S3Gate> {
	// Sites created before a rotation hold what the previous secret made until they are created again.
	const secrets = acceptedSecrets(config);
	const parts: TaskPasswordGrantParts = {
		isTokenOf: (instanceId, token) => isSiteTaskToken(secrets, instanceId, token),
		isWantedTask: (instanceId, taskId) => isWantedTask(serviceName(instanceId), taskId),
		grant: async (instanceId, taskId) => {
			const record = store.all().find((candidate) => instanceIdOfDir(candidate.dir) === instanceId);
			return record ? grantTaskPassword(record.storage, taskId) : null;
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
