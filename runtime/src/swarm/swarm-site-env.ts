/**
 * A site's environment as a Swarm task sees it: nothing of it lives on a node. Its database is
 * PostgreSQL at the address tasks reach it at (SWARM_SITE_DATABASE_HOST), as its own role; its
 * uploads are in the S3 bucket of SWARM_SITE_S3_* under a prefix of its own, through Directus's
 * S3 storage driver; its scratch folders are the task's /tmp. Pure: the swarm spawner applies it.
 */
import type { SwarmSiteStorage } from '../config.ts';

/** Where a task keeps what Directus writes while it runs (extensions cache, package file). */
const TASK_SCRATCH = '/tmp';

/** The site's own prefix in the bucket: its folder's name, the instance id, which never changes. */
export function siteUploadsPrefix(storage: SwarmSiteStorage, siteDir: string): string {
	const id = siteDir.split('/').filter(Boolean).pop()!;
	return `${storage.s3.prefix}${id}/`;
}

export function swarmSiteEnv(env: Record<string, string>, storage: SwarmSiteStorage, siteDir: string): Record<string, string> {
	if (env['DB_CLIENT'] !== 'pg' || !env['DB_CONNECTION_STRING']) {
		throw new Error('Swarm sites run on PostgreSQL (INSTANCE_DB_CLIENT=pg): a SQLite file would stay on one node');
	}
	const database = new URL(env['DB_CONNECTION_STRING']);
	database.hostname = storage.databaseHost;
	if (storage.databasePort) database.port = String(storage.databasePort);
	const { STORAGE_LOCAL_ROOT: _local, ...rest } = env;
	const { s3 } = storage;
	return {
		...rest,
		DB_CONNECTION_STRING: database.toString(),
		STORAGE_LOCATIONS: 's3',
		STORAGE_S3_DRIVER: 's3',
		STORAGE_S3_BUCKET: s3.bucket,
		STORAGE_S3_REGION: s3.region,
		STORAGE_S3_ROOT: siteUploadsPrefix(storage, siteDir),
		STORAGE_S3_KEY: s3.accessKeyId,
		STORAGE_S3_SECRET: s3.secretAccessKey,
		...(s3.endpoint ? { STORAGE_S3_ENDPOINT: s3.endpoint } : {}),
		...(s3.forcePathStyle ? { STORAGE_S3_FORCE_PATH_STYLE: 'true' } : {}),
		// Checksums only where S3 requires them, as the backup store sends (backup-store-from-config.ts):
		// many S3-compatible servers refuse or mangle the chunked uploads that carry them otherwise.
		AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
		AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
		EXTENSIONS_PATH: `${TASK_SCRATCH}/extensions`,
		PACKAGE_FILE_LOCATION: TASK_SCRATCH,
	};
}
