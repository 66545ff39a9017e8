import { describe, expect, test } from 'vitest';
import type { SwarmSiteStorage } from '../config.ts';
import { swarmSiteEnv } from './swarm-site-env.ts';

const storage: SwarmSiteStorage = {
	databaseHost: '10.0.0.5',
	databasePort: 6432,
	s3: {
		bucket: 'sites',
		endpoint: 'http://10.0.0.6:9000',
		region: 'us-east-1',
		prefix: 'epic/',
		forcePathStyle: true,
		accessKeyId: 'BUCKET-KEY',
		secretAccessKey: 'BUCKET-SECRET',
	},
	gate: { host: '10.0.0.1', port: 9555 },
};
const siteKey = { accessKeyId: 'SITE-abc', secretAccessKey: 'site-secret' };

describe('a swarm site’s environment', () => {
	test('reaches its database at the address every node reaches, as its own role', () => {
		const env = swarmSiteEnv(
			{ DB_CLIENT: 'pg', DB_CONNECTION_STRING: 'postgres://site_a:pw@127.0.0.1:5432/site_a', STORAGE_LOCAL_ROOT: '/d/uploads' },
			storage,
			'/d/instances/abc',
			siteKey,
			'task-token',
		);
		// Without its password: each task asks the runtime's task gate for its own, with the site's token.
		expect(env['DB_CONNECTION_STRING']).toBe('postgres://site_a@10.0.0.5:6432/site_a');
		expect(env).toMatchObject({ SITE_TASK_GATE: 'http://10.0.0.1:9555', SITE_TASK_TOKEN: 'task-token', SITE_TASK_INSTANCE: 'abc' });
	});

	test('keeps its uploads under its own prefix, through the gate with its own key, never the bucket’s', () => {
		const env = swarmSiteEnv(
			{ DB_CLIENT: 'pg', DB_CONNECTION_STRING: 'postgres://a:b@h/d', STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: '/d/uploads' },
			storage,
			'/d/instances/abc',
			siteKey,
			'task-token',
		);
		expect(env).toMatchObject({
			STORAGE_LOCATIONS: 's3',
			STORAGE_S3_DRIVER: 's3',
			STORAGE_S3_BUCKET: 'sites',
			STORAGE_S3_ROOT: 'epic/abc/',
			STORAGE_S3_ENDPOINT: 'http://10.0.0.1:9555',
			STORAGE_S3_FORCE_PATH_STYLE: 'true',
			STORAGE_S3_KEY: 'SITE-abc',
			STORAGE_S3_SECRET: 'site-secret',
			EXTENSIONS_PATH: '/tmp/extensions',
		});
		expect(env['STORAGE_LOCAL_ROOT']).toBeUndefined();
		expect(Object.values(env).join(' ')).not.toMatch(/BUCKET-KEY|BUCKET-SECRET|10\.0\.0\.6/);
	});

	test('refuses a SQLite site, whose file would stay on one node', () => {
		expect(() => swarmSiteEnv({ DB_CLIENT: 'sqlite3', DB_FILENAME: '/d/data.db' }, storage, '/d/instances/abc', siteKey, 'task-token')).toThrow(/PostgreSQL/);
	});
});
