import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { backupStorageEnv, siteDriverEnv, siteMailEnv } from './runtime-env.ts';

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

describe('siteMailEnv', () => {
	it("sends sites' mail to the mail catcher by default, from the platform's address", () => {
		const config = loadConfig({ EMAIL_FROM: 'no-reply@epic.example' }, process.cwd());
		expect(siteMailEnv(config, {})).toEqual({ SITE_MAIL_SMTP_URL: 'smtp://127.0.0.1:1025', SITE_MAIL_FROM: 'no-reply@epic.example' });
	});

	it("to the platform's own SMTP server otherwise, its credentials escaped, and passes the operator's SITE_MAIL_* settings", () => {
		const config = loadConfig(
			{
				MAIL_CATCHER: 'false',
				EMAIL_SMTP_HOST: 'smtp.epic.example',
				EMAIL_SMTP_PORT: '465',
				EMAIL_SMTP_SECURE: 'true',
				EMAIL_SMTP_USER: 'mailer@epic',
				EMAIL_SMTP_PASSWORD: 'p:w/d',
			},
			process.cwd(),
		);
		expect(siteMailEnv(config, { SITE_MAIL_PER_HOUR: '20', STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual({
			SITE_MAIL_SMTP_URL: 'smtps://mailer%40epic:p%3Aw%2Fd@smtp.epic.example:465',
			SITE_MAIL_FROM: 'no-reply@example.com',
			SITE_MAIL_PER_HOUR: '20',
		});
	});
});
