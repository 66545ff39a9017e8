/** The S3 gate of this runtime's swarm sites (s3-gate/), on SWARM_SITE_S3_GATE_HOST:PORT. */
import type { RuntimeConfig, SwarmSiteStorage } from '../config.ts';
import { startS3Gate, type S3Gate } from './s3-gate/s3-gate.ts';
import { siteS3Credentials } from './s3-gate/site-s3-credentials.ts';
import { siteUploadsPrefix } from './swarm-site-env.ts';

export function startSiteS3Gate(config: Pick<RuntimeConfig, 'RUNTIME_SECRET'>, storage: SwarmSiteStorage, log: (message: string) => void): Promise<S3Gate> {
	return startS3Gate({
		host: storage.gate.host,
		port: storage.gate.port,
		storage: storage.s3,
		secretOf: (instanceId) => siteS3Credentials(config.RUNTIME_SECRET, instanceId).secretAccessKey,
		prefixOf: (instanceId) => siteUploadsPrefix(storage, instanceId),
		log,
	});
}
