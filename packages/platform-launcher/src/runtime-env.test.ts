import { describe, expect, it } from 'vitest';
import { backupStorageEnv, siteDriverEnv } from './runtime-env.ts';

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

describe('siteDriverEnv', () => {
	it('passes how sites run and how the docker CLI reaches its engine, and nothing else', () => {
		const env = siteDriverEnv({
			RUNTIME_DRIVER: 'docker',
			DOCKER_SITE_IMAGE: 'epic/site:1',
			DOCKER_SITE_MEMORY_MB: '768',
			DOCKER_HOST: 'unix:///run/docker.sock',
			SITES_SHARE_RUNTIME_USER: 'true',
			RUNTIME_SECRET: 'x'.repeat(40),
			STRIPE_SECRET_KEY: 'sk_test_x',
		});
		expect(env).toEqual({
			RUNTIME_DRIVER: 'docker',
			DOCKER_SITE_IMAGE: 'epic/site:1',
			DOCKER_SITE_MEMORY_MB: '768',
			DOCKER_HOST: 'unix:///run/docker.sock',
			SITES_SHARE_RUNTIME_USER: 'true',
		});
	});
});
