/**
 * A site's environment as a Swarm task sees it: nothing of it lives on a node. Its database is
 * PostgreSQL at the address tasks reach it at (SWARM_SITE_DATABASE_HOST), as its own role; its
 * uploads are in the S3 bucket of SWARM_SITE_S3_* under a prefix of its own, through Directus's
 * S3 storage driver and the runtime's S3 gate, with a key of its own (s3-gate/); its scratch
 * folders are the task's /tmp. Pure: the swarm spawner applies it.
 */
import type { SwarmSiteStorage } from '../config.ts';
import type { SiteS3Credentials } from './s3-gate/site-s3-credentials.ts';

/** Where a task keeps what Directus writes while it runs (extensions cache, package file). */
const TASK_SCRATCH = '/tmp';

/** A site's instance id: its folder's name, which never changes (a pool member's folder keeps it when handed over). */
export function instanceIdOfDir(siteDir: string): string {
	return siteDir.split('/').filter(Boolean).pop() ?? '';
}

/** The site's own prefix in the bucket, by its instance id. */
export function siteUploadsPrefix(storage: SwarmSiteStorage, instanceId: string): string {
	return `${storage.s3.prefix}${instanceId}/`;
}

/**
 * `taskToken`: what the site's tasks show the task gate to get their database password
 * (task-gate/), which the service's spec does not hold.
 */
export function swarmSiteEnv(env: Record<string, string>, storage: SwarmSiteStorage, siteDir: string, s3Credentials: SiteS3Credentials, taskToken: string): Record<string, string> {
	if (env['DB_CLIENT'] !== 'pg' || !env['DB_CONNECTION_STRING']) {
		throw new Error('Swarm sites run on PostgreSQL (INSTANCE_DB_CLIENT=pg): a SQLite file would stay on one node');
	}
	const database = new URL(env['DB_CONNECTION_STRING']);
	database.hostname = storage.databaseHost;
	if (storage.databasePort) database.port = String(storage.databasePort);
	// Each task asks for its own as it starts: a spec Swarm's replacement task shares with a
	// stranded one must not hold it (docs/swarm.md, Losing a node).
	database.password = '';
	const { STORAGE_LOCAL_ROOT: _local, ...rest } = env;
	const gate = `http://${storage.gate.host}:${storage.gate.port}`;
	return {
		...rest,
		DB_CONNECTION_STRING: database.toString(),
		SITE_TASK_GATE: gate,
		SITE_TASK_TOKEN: taskToken,
		SITE_TASK_INSTANCE: instanceIdOfDir(siteDir),
		STORAGE_LOCATIONS: 's3',
		STORAGE_S3_DRIVER: 's3',
		STORAGE_S3_BUCKET: storage.s3.bucket,
		STORAGE_S3_REGION: storage.s3.region,
		STORAGE_S3_ROOT: siteUploadsPrefix(storage, instanceIdOfDir(siteDir)),
		// The gate, never the bucket's server: the site's key opens its own prefix only.
		STORAGE_S3_ENDPOINT: gate,
		STORAGE_S3_FORCE_PATH_STYLE: 'true',
		STORAGE_S3_KEY: s3Credentials.accessKeyId,
		STORAGE_S3_SECRET: s3Credentials.secretAccessKey,
		// Checksums only where S3 requires them, as the backup store sends (backup-store-from-config.ts):
		// many S3-compatible servers refuse the chunked uploads that carry them otherwise, and the gate
		// cannot sign chunks again.
		AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
		AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
		EXTENSIONS_PATH: `${TASK_SCRATCH}/extensions`,
		PACKAGE_FILE_LOCATION: TASK_SCRATCH,
	};
}
