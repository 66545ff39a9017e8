import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_MIGRATIONS_DIR, loadRuntimeConfig, RuntimeConfigError, siteUrl } from './config.ts';

const secret = 'x'.repeat(40);

describe('loadRuntimeConfig', () => {
	it('needs the shared secret and names what is wrong', () => {
		expect(() => loadRuntimeConfig({}, '/repo')).toThrow(RuntimeConfigError);
		expect(() => loadRuntimeConfig({}, '/repo')).toThrow(/RUNTIME_SECRET/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, ROUTER_PORT: 'abc' }, '/repo')).toThrow(/ROUTER_PORT/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, INSTANCE_DB_CLIENT: 'pg' }, '/repo')).toThrow(/INSTANCE_PG_URL/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, INSTANCE_DB_PREFIX: 'Bad-Prefix' }, '/repo')).toThrow(/INSTANCE_DB_PREFIX/);
	});

	it('takes a previous secret for a rotation only when it is one, and not the current one', () => {
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo').RUNTIME_SECRET_PREVIOUS).toBeUndefined();
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret, RUNTIME_SECRET_PREVIOUS: 'y'.repeat(40) }, '/repo').RUNTIME_SECRET_PREVIOUS).toBe('y'.repeat(40));
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, RUNTIME_SECRET_PREVIOUS: secret }, '/repo')).toThrow(/RUNTIME_SECRET_PREVIOUS: must differ from RUNTIME_SECRET/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, RUNTIME_SECRET_PREVIOUS: 'short' }, '/repo')).toThrow(/RUNTIME_SECRET_PREVIOUS/);
	});

	it('resolves the data folder and the control plane hosts', () => {
		const config = loadRuntimeConfig({ RUNTIME_SECRET: secret, CONTROL_PLANE_HOSTS: 'App.Example.com, sites.example.com' }, '/repo');
		expect(config.dataDir).toBe('/repo/data/runtime');
		expect(config.backupDir).toBe('/repo/data/runtime/backups');
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret, BACKUP_DIR: '/srv/backups' }, '/repo').backupDir).toBe('/srv/backups');
		expect(config.siteMigrationsDir).toBe(DEFAULT_SITE_MIGRATIONS_DIR);
		expect(DEFAULT_SITE_MIGRATIONS_DIR).toMatch(/\/runtime\/site-migrations$/);
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret, SITE_MIGRATIONS_PATH: 'next/site-migrations' }, '/repo').siteMigrationsDir).toBe('/repo/next/site-migrations');
		expect([...config.controlPlaneHosts]).toEqual(['app.example.com', 'sites.example.com']);
		expect(config.WARM_POOL_SIZE).toBe(1);
		expect([...loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo').controlPlaneHosts]).toEqual(['localhost']);
	});

	it('serves the metrics on loopback port 9464 unless told otherwise, never on a port the runtime already uses', () => {
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo')).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret, METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }, '/repo')).toMatchObject({ METRICS_PORT: 9100, METRICS_HOST: '0.0.0.0' });
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, METRICS_PORT: '70000' }, '/repo')).toThrow(/METRICS_PORT/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, METRICS_PORT: '8055' }, '/repo')).toThrow(/METRICS_PORT: must differ from ROUTER_PORT/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, METRICS_PORT: '8057' }, '/repo')).toThrow(/METRICS_PORT: must differ from RUNTIME_API_PORT/);
	});
});

describe('the site driver settings', () => {
	it('runs sites as processes unless told to use containers, with checked container limits', () => {
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo')).toMatchObject({ RUNTIME_DRIVER: 'process', dockerSiteCodeDir: undefined });
		const docker = loadRuntimeConfig({ RUNTIME_SECRET: secret, RUNTIME_DRIVER: 'docker', DOCKER_SITE_CODE_DIR: 'node_modules' }, '/repo');
		expect(docker).toMatchObject({ RUNTIME_DRIVER: 'docker', DOCKER_SITE_IMAGE: 'epic/site:latest', DOCKER_SITE_MEMORY_MB: 512, DOCKER_SITE_UID: 1000 });
		expect(docker.dockerSiteCodeDir).toBe('/repo/node_modules');
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, RUNTIME_DRIVER: 'kubernetes' }, '/repo')).toThrow(/RUNTIME_DRIVER/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, DOCKER_SITE_MEMORY_MB: '64' }, '/repo')).toThrow(/DOCKER_SITE_MEMORY_MB/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, DOCKER_SITE_UID: '0' }, '/repo')).toThrow(/DOCKER_SITE_UID/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, DOCKER_SITE_NETWORK: 'bad name' }, '/repo')).toThrow(/DOCKER_SITE_NETWORK/);
	});

	it('runs PostgreSQL sites in containers (through their database gates)', () => {
		const config = loadRuntimeConfig({ RUNTIME_SECRET: secret, RUNTIME_DRIVER: 'docker', INSTANCE_DB_CLIENT: 'pg', INSTANCE_PG_URL: 'postgres://x@db/y' }, '/repo');
		expect(config).toMatchObject({ RUNTIME_DRIVER: 'docker', INSTANCE_DB_CLIENT: 'pg' });
	});

	const swarm = {
		RUNTIME_SECRET: secret,
		RUNTIME_DRIVER: 'swarm',
		INSTANCE_DB_CLIENT: 'pg',
		INSTANCE_PG_URL: 'postgres://x@127.0.0.1/y',
		SWARM_SITE_DATABASE_HOST: '10.0.0.5',
		SWARM_SITE_S3_BUCKET: 'epic-sites',
		SWARM_SITE_S3_ACCESS_KEY_ID: 'AK',
		SWARM_SITE_S3_SECRET_ACCESS_KEY: 'SK',
		SWARM_SITE_S3_GATE_HOST: '10.0.0.1',
	};

	it('runs swarm sites only on PostgreSQL and S3, naming what is missing', () => {
		expect(loadRuntimeConfig(swarm, '/repo').swarmSiteStorage).toEqual({
			databaseHost: '10.0.0.5',
			databasePort: undefined,
			s3: { bucket: 'epic-sites', endpoint: undefined, region: 'us-east-1', prefix: 'sites/', forcePathStyle: false, accessKeyId: 'AK', secretAccessKey: 'SK' },
			gate: { host: '10.0.0.1', port: 9555 },
		});
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo').swarmSiteStorage).toBeNull();
		expect(() => loadRuntimeConfig({ ...swarm, INSTANCE_DB_CLIENT: 'sqlite3' }, '/repo')).toThrow(/INSTANCE_DB_CLIENT: must be pg when RUNTIME_DRIVER=swarm/);
		expect(() => loadRuntimeConfig({ ...swarm, SWARM_SITE_DATABASE_HOST: '' }, '/repo')).toThrow(/SWARM_SITE_DATABASE_HOST: is required when RUNTIME_DRIVER=swarm/);
		expect(() => loadRuntimeConfig({ ...swarm, SWARM_SITE_S3_BUCKET: 'Bad_Bucket' }, '/repo')).toThrow(/SWARM_SITE_S3_BUCKET/);
		expect(() => loadRuntimeConfig({ ...swarm, SWARM_SITE_S3_GATE_HOST: '' }, '/repo')).toThrow(/SWARM_SITE_S3_GATE_HOST: is required/);
	});

	it('takes its own Swarm service by name, for the swarm driver only', () => {
		expect(loadRuntimeConfig({ ...swarm, RUNTIME_SWARM_SERVICE: 'epic_runtime' }, '/repo').RUNTIME_SWARM_SERVICE).toBe('epic_runtime');
		expect(loadRuntimeConfig(swarm, '/repo').RUNTIME_SWARM_SERVICE).toBeUndefined();
		expect(() => loadRuntimeConfig({ ...swarm, RUNTIME_SWARM_SERVICE: '{{.Service.Name}}' }, '/repo')).toThrow(/RUNTIME_SWARM_SERVICE: must be a Swarm service name/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, RUNTIME_SWARM_SERVICE: 'epic_runtime' }, '/repo')).toThrow(/RUNTIME_SWARM_SERVICE: is only for RUNTIME_DRIVER=swarm/);
	});
});

describe('the backup store settings', () => {
	const s3 = { RUNTIME_SECRET: secret, BACKUP_S3_BUCKET: 'epic-backups' };

	it('keeps backups in the local folder unless a bucket is set', () => {
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo').backupS3).toBeNull();
		expect(loadRuntimeConfig({ ...s3, BACKUP_S3_ENDPOINT: '' }, '/repo').backupS3).toEqual({
			bucket: 'epic-backups',
			endpoint: undefined,
			region: 'us-east-1',
			prefix: '',
			forcePathStyle: false,
			credentials: undefined,
		});
	});

	it('reads an S3-compatible server, path-style, a prefix per deployment and explicit credentials', () => {
		const config = loadRuntimeConfig(
			{
				...s3,
				BACKUP_S3_ENDPOINT: 'https://minio.internal:9000',
				BACKUP_S3_REGION: 'eu-central-1',
				BACKUP_S3_PREFIX: 'epic/site-backups',
				BACKUP_S3_FORCE_PATH_STYLE: 'true',
				BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
				BACKUP_S3_SECRET_ACCESS_KEY: 'secret-key-value',
			},
			'/repo',
		);
		expect(config.backupS3).toEqual({
			bucket: 'epic-backups',
			endpoint: 'https://minio.internal:9000',
			region: 'eu-central-1',
			prefix: 'epic/site-backups/',
			forcePathStyle: true,
			credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-key-value' },
		});
		expect(config.backupDir).toBe('/repo/data/runtime/backups');
		expect(loadRuntimeConfig({ ...s3, BACKUP_S3_PREFIX: 'backups/', BACKUP_S3_FORCE_PATH_STYLE: '0' }, '/repo').backupS3).toMatchObject({
			prefix: 'backups/',
			forcePathStyle: false,
		});
	});

	it('refuses a setting that cannot work and names it, never showing the secret key', () => {
		expect(() => loadRuntimeConfig({ ...s3, BACKUP_S3_BUCKET: 'Epic_Backups' }, '/repo')).toThrow(/BACKUP_S3_BUCKET: must be a bucket name/);
		expect(() => loadRuntimeConfig({ ...s3, BACKUP_S3_BUCKET: 'ab' }, '/repo')).toThrow(/BACKUP_S3_BUCKET: must be a bucket name/);
		expect(() => loadRuntimeConfig({ ...s3, BACKUP_S3_ENDPOINT: 'minio:9000' }, '/repo')).toThrow(/BACKUP_S3_ENDPOINT/);
		expect(() => loadRuntimeConfig({ ...s3, BACKUP_S3_ENDPOINT: 'ftp://minio.internal' }, '/repo')).toThrow(/BACKUP_S3_ENDPOINT/);
		expect(() => loadRuntimeConfig({ ...s3, BACKUP_S3_PREFIX: '/absolute' }, '/repo')).toThrow(/BACKUP_S3_PREFIX/);
		expect(() => loadRuntimeConfig({ ...s3, BACKUP_S3_PREFIX: 'a//b' }, '/repo')).toThrow(/BACKUP_S3_PREFIX/);
		expect(() => loadRuntimeConfig({ ...s3, BACKUP_S3_FORCE_PATH_STYLE: 'yes' }, '/repo')).toThrow(/BACKUP_S3_FORCE_PATH_STYLE/);
		expect(() => loadRuntimeConfig({ ...s3, BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, '/repo')).toThrow(
			/BACKUP_S3_SECRET_ACCESS_KEY: is required with the other half of the S3 credentials/,
		);
		const halfCredentials = () => loadRuntimeConfig({ ...s3, BACKUP_S3_SECRET_ACCESS_KEY: 'secret-key-value' }, '/repo');
		expect(halfCredentials).toThrow(/BACKUP_S3_ACCESS_KEY_ID: is required with the other half/);
		expect(halfCredentials).not.toThrow(/secret-key-value/);
	});

	it('refuses S3 settings without a bucket instead of quietly keeping backups in the local folder', () => {
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000' }, '/repo')).toThrow(
			/BACKUP_S3_BUCKET: is required when BACKUP_S3_ENDPOINT is set/,
		);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, BACKUP_S3_REGION: 'eu-west-1', BACKUP_S3_FORCE_PATH_STYLE: 'false' }, '/repo')).toThrow(
			/BACKUP_S3_BUCKET: is required when BACKUP_S3_REGION, BACKUP_S3_FORCE_PATH_STYLE are set/,
		);
	});
});

describe('siteUrl', () => {
	it('leaves out default ports', () => {
		const https = loadRuntimeConfig({ RUNTIME_SECRET: secret, SITE_URL_SCHEME: 'https', SITE_URL_PORT: '443' }, '/repo');
		expect(siteUrl(https, 'acme.example.com')).toBe('https://acme.example.com');
		const local = loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo');
		expect(siteUrl(local, 'acme.localhost')).toBe('http://acme.localhost:8055');
	});
});
