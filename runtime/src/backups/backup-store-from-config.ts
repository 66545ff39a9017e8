/**
 * The backup store the configuration asks for: the S3-compatible bucket when BACKUP_S3_BUCKET is
 * set, the local folder BACKUP_DIR otherwise. Either way work files stay in `BACKUP_DIR/.work`.
 */
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { BackupS3Settings, RuntimeConfig } from '../config.ts';
import type { BackupStore } from './backup-store.ts';
import { LocalBackupStore } from './local-backup-store.ts';
import { S3BackupStore } from './s3-backup-store.ts';

/** An S3 client for a bucket of ours (backups, the swarm sites' uploads), set for S3-compatible servers. */
export function s3Client(settings: Pick<BackupS3Settings, 'region' | 'endpoint' | 'forcePathStyle' | 'credentials'>): S3Client {
	return new S3Client({
		region: settings.region,
		endpoint: settings.endpoint,
		forcePathStyle: settings.forcePathStyle,
		credentials: settings.credentials,
		// The SDK's newer default CRC32 checksum headers are refused by S3-compatible servers that
		// predate them; every part goes up as a buffer whose SHA-256 is signed anyway (s3-file-upload.ts),
		// and a restore checks the archive against its manifest's SHA-256s.
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
		// A server that stops answering must not hold a project's backup lock for ever.
		requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
	});
}

/** What the start-up log says about the store: never a credential. */
function describe(config: RuntimeConfig): string {
	const s3 = config.backupS3;
	if (!s3) return `backups in ${config.backupDir}`;
	const where = s3.endpoint ? `at ${s3.endpoint}${s3.forcePathStyle ? ' (path-style)' : ''}` : `on AWS, ${s3.region}`;
	const credentials = s3.credentials ? 'BACKUP_S3_ACCESS_KEY_ID' : "the SDK's default credentials";
	return `backups in S3 bucket ${s3.bucket} ${where}, keys under "${s3.prefix}<project>/", with ${credentials}`;
}

export interface ConfiguredBackupStore {
	store: BackupStore;
	/** Settles (never rejects) once the S3 bucket's check is logged; at once for the local folder. */
	checked: Promise<void>;
}

/**
 * Builds the store and logs which one it is. For S3 the bucket is checked in the background: the
 * sites serve without it, but a missing bucket or refused credentials show in the log at start-up
 * instead of at the first backup.
 */
export function backupStoreFromConfig(config: RuntimeConfig, log: (message: string) => void): ConfiguredBackupStore {
	log(describe(config));
	if (!config.backupS3) return { store: new LocalBackupStore(config.backupDir), checked: Promise.resolve() };
	const { bucket, prefix } = config.backupS3;
	const store = new S3BackupStore({ client: s3Client(config.backupS3), bucket, prefix, workDir: path.join(config.backupDir, '.work') });
	const checked = store.checkBucket().then(
		() => log(`backups: bucket ${bucket} answers`),
		(error: Error) => log(`backups: ${error.message}`),
	);
	return { store, checked };
}
