/**
 * The environment of one instance's Directus. Every value is set here on purpose; the process
 * inherits nothing else (see instance-process.ts).
 */
import path from 'node:path';
import { NODE_COMPILE_CACHE_DIR } from '@epic/node-support/directus';
import type { RuntimeConfig } from '../config.ts';
import { INSTANCE_DIR_VARIABLE, RUNTIME_DIR_VARIABLE } from '../processes/process-table.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import { siteMailEnv } from '../site-mail/site-mail-env.ts';
import { SITE_DENIED_NETWORKS } from './site-egress.ts';

export function instanceEnv(config: RuntimeConfig, databases: InstanceDatabases, record: InstanceRecord, publicUrl: string | null): Record<string, string> {
	const env: Record<string, string> = {
		PATH: process.env['PATH'] ?? '/usr/bin:/bin',
		// Its own folder: a site with a uid of its own has no home of its own (no passwd entry), and
		// Directus's dependencies ask for one.
		HOME: record.dir,
		NODE_ENV: 'production',
		[RUNTIME_DIR_VARIABLE]: config.dataDir,
		[INSTANCE_DIR_VARIABLE]: record.dir,
		HOST: '127.0.0.1',
		PORT: String(record.port),
		KEY: record.key,
		SECRET: record.secret,
		...databases.directusEnv(record.storage),
		STORAGE_LOCATIONS: 'local',
		STORAGE_LOCAL_ROOT: path.join(record.dir, 'uploads'),
		EXTENSIONS_PATH: path.join(record.dir, 'extensions'),
		EXTENSIONS_AUTO_RELOAD: 'false',
		PACKAGE_FILE_LOCATION: record.dir,
		// The platform's site migrations: `database migrate:latest` runs them when the site is upgraded.
		MIGRATIONS_PATH: config.siteMigrationsDir,
		WEBSOCKETS_ENABLED: 'true',
		TELEMETRY: 'false',
		LOG_LEVEL: config.INSTANCE_LOG_LEVEL,
		LOG_STYLE: 'raw',
		// A shared compile cache saves a little start-up and costs memory (see INSTANCE_COMPILE_CACHE).
		...(config.INSTANCE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: NODE_COMPILE_CACHE_DIR } : {}),
		// The limiter counts the time a site spent paused or checkpointed as event-loop delay and
		// answered 503 for about 250 ms after every wake; one site's overload is bounded by the
		// machine anyway.
		PRESSURE_LIMITER_ENABLED: 'false',
		IMPORT_IP_DENY_LIST: SITE_DENIED_NETWORKS.join(','),
		// Its plan's largest upload; the storage quota is the router's (router/storage-quota.ts).
		FILES_MAX_UPLOAD_SIZE: `${record.resources?.uploadMaxMb ?? config.SITE_UPLOAD_MAX_MB}mb`,
		...siteMailEnv(config.siteMail, record, publicUrl),
	};
	const nodeOptions = siteNodeOptions(config);
	if (nodeOptions.length) env['NODE_OPTIONS'] = nodeOptions.join(' ');
	// A pool member does not know its site yet; Directus then builds root-relative links.
	if (publicUrl) env['PUBLIC_URL'] = publicUrl;
	return env;
}

/** V8's memory limits for a site (0 leaves Node's default); see INSTANCE_HEAP_LIMIT_MB in config.ts. */
export function siteNodeOptions(config: Pick<RuntimeConfig, 'INSTANCE_HEAP_LIMIT_MB' | 'INSTANCE_SEMI_SPACE_MB'>): string[] {
	return [
		...(config.INSTANCE_HEAP_LIMIT_MB > 0 ? [`--max-old-space-size=${config.INSTANCE_HEAP_LIMIT_MB}`] : []),
		...(config.INSTANCE_SEMI_SPACE_MB > 0 ? [`--max-semi-space-size=${config.INSTANCE_SEMI_SPACE_MB}`] : []),
	];
}
