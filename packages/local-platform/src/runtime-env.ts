/**
 * Translates the platform configuration into the runtime's environment. The runtime's router
 * takes the public PORT; the control plane listens behind it on loopback. Built from scratch:
 * the runtime gets what it needs and no other secret.
 */
import path from 'node:path';
import type { PlatformConfig } from './config.ts';
import type { PlatformSecrets } from './secrets.ts';

function siteUrlParts(publicUrl: string): { scheme: string; port: string } {
	const url = new URL(publicUrl);
	return { scheme: url.protocol.replace(':', ''), port: url.port || (url.protocol === 'https:' ? '443' : '80') };
}

/** The variables of `source` that `passes` names, as they are. */
function passedThrough(source: NodeJS.ProcessEnv, passes: (name: string) => boolean): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [name, value] of Object.entries(source)) if (value !== undefined && passes(name)) env[name] = value;
	return env;
}

/**
 * Where backups go is the operator's choice, read by the runtime itself (BACKUP_DIR, BACKUP_S3_*);
 * AWS_* feed the S3 client's default credential chain when no BACKUP_S3_* key pair is set.
 */
export function backupStorageEnv(source: NodeJS.ProcessEnv): Record<string, string> {
	return passedThrough(source, (name) => name === 'BACKUP_DIR' || name.startsWith('BACKUP_S3_') || name.startsWith('AWS_'));
}

/**
 * How the runtime runs sites is the operator's choice too (RUNTIME_DRIVER=docker, DOCKER_SITE_*),
 * with what the docker CLI needs to reach its engine (DOCKER_HOST, DOCKER_CONFIG…), and under
 * which users process sites run (SITE_UID_BASE, SITES_SHARE_RUNTIME_USER).
 */
const SITE_USER_VARIABLES = new Set(['SITE_UID_BASE', 'SITES_SHARE_RUNTIME_USER']);

export function siteDriverEnv(source: NodeJS.ProcessEnv): Record<string, string> {
	return passedThrough(source, (name) => name === 'RUNTIME_DRIVER' || name.startsWith('DOCKER_') || SITE_USER_VARIABLES.has(name));
}

/**
 * Sites send mail through the runtime's relay to the platform's own mail server (the mail catcher
 * in the embedded default), from the platform's address. SITE_MAIL_* (the relay's port, the hourly
 * default) stay the operator's to set.
 */
export function siteMailEnv(config: PlatformConfig, source: NodeJS.ProcessEnv): Record<string, string> {
	const server = config.MAIL_CATCHER
		? `smtp://127.0.0.1:${config.MAIL_CATCHER_SMTP_PORT}`
		: smtpUrl(config.EMAIL_SMTP_SECURE, config.EMAIL_SMTP_HOST ?? '', config.EMAIL_SMTP_PORT ?? 587, config.EMAIL_SMTP_USER, config.EMAIL_SMTP_PASSWORD);
	return { SITE_MAIL_SMTP_URL: server, SITE_MAIL_FROM: config.EMAIL_FROM, ...passedThrough(source, (name) => name.startsWith('SITE_MAIL_')) };
}

function smtpUrl(secure: boolean, host: string, port: number, user: string | undefined, password: string | undefined): string {
	const credentials = user ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
	return `${secure ? 'smtps' : 'smtp'}://${credentials}${host}:${port}`;
}

export function runtimeEnv(config: PlatformConfig, secrets: PlatformSecrets, source: NodeJS.ProcessEnv = process.env): Record<string, string> {
	const site = siteUrlParts(config.publicUrl);
	const env: Record<string, string> = {
		PATH: process.env['PATH'] ?? '/usr/bin:/bin',
		RUNTIME_SECRET: secrets.runtimeSecret,
		RUNTIME_API_PORT: String(config.RUNTIME_API_PORT),
		METRICS_PORT: String(config.METRICS_PORT),
		METRICS_HOST: config.METRICS_HOST,
		ROUTER_PORT: String(config.PORT),
		ROUTER_HOST: config.HOST,
		PUBLIC_HOST: config.PUBLIC_HOST,
		CONTROL_PLANE_HOSTS: [config.PUBLIC_HOST, new URL(config.publicUrl).hostname].join(','),
		CONTROL_PLANE_URL: `http://127.0.0.1:${config.controlPlanePort}`,
		SITE_URL_SCHEME: site.scheme,
		SITE_URL_PORT: site.port,
		RUNTIME_DATA_DIR: path.join(config.dataDir, 'runtime'),
		INSTANCE_DB_CLIENT: config.DB_CLIENT,
		WARM_POOL_SIZE: String(config.WARM_POOL_SIZE),
		IDLE_TIMEOUT_SECONDS: String(config.IDLE_TIMEOUT_SECONDS),
		SUPPORT_EMAIL: config.SUPPORT_EMAIL,
		...backupStorageEnv(source),
		...siteDriverEnv(source),
		...siteMailEnv(config, source),
	};
	if (config.DB_CLIENT === 'pg') env['INSTANCE_PG_URL'] = config.INSTANCE_PG_URL ?? config.DB_CONNECTION_STRING ?? '';
	return env;
}
