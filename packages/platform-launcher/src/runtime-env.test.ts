import { describe, expect, it } from 'vitest';
import { backupStorageEnv } from './runtime-env.ts';

describe('backupStorageEnv', () => {
	it('passes the backup store settings and the AWS credential chain to the runtime, and nothing else', () => {
		const env = backupStorageEnv({
			BACKUP_DIR: '/srv/backups',
			BACKUP_S3_BUCKET: 'site-backups',
			BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
			AWS_PROFILE: 'backups',
			STRIPE_SECRET_KEY: 'sk_test_x',
			DB_CONNECTION_STRING: 'postgres://x',
			BACKUP_SCHEDULE: '0 3 * * *',
		});
		expect(env).toEqual({
			BACKUP_DIR: '/srv/backups',
			BACKUP_S3_BUCKET: 'site-backups',
			BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
			AWS_PROFILE: 'backups',
		});
	});
});
