import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, RuntimeConfigError, siteUrl } from './config.ts';

const secret = 'x'.repeat(40);

describe('loadRuntimeConfig', () => {
	it('needs the shared secret and names what is wrong', () => {
		expect(() => loadRuntimeConfig({}, '/repo')).toThrow(RuntimeConfigError);
		expect(() => loadRuntimeConfig({}, '/repo')).toThrow(/RUNTIME_SECRET/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, ROUTER_PORT: 'abc' }, '/repo')).toThrow(/ROUTER_PORT/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, INSTANCE_DB_CLIENT: 'pg' }, '/repo')).toThrow(/INSTANCE_PG_URL/);
		expect(() => loadRuntimeConfig({ RUNTIME_SECRET: secret, INSTANCE_DB_PREFIX: 'Bad-Prefix' }, '/repo')).toThrow(/INSTANCE_DB_PREFIX/);
	});

	it('resolves the data folder and the control plane hosts', () => {
		const config = loadRuntimeConfig({ RUNTIME_SECRET: secret, CONTROL_PLANE_HOSTS: 'App.Example.com, sites.example.com' }, '/repo');
		expect(config.dataDir).toBe('/repo/data/runtime');
		expect(config.backupDir).toBe('/repo/data/runtime/backups');
		expect(loadRuntimeConfig({ RUNTIME_SECRET: secret, BACKUP_DIR: '/srv/backups' }, '/repo').backupDir).toBe('/srv/backups');
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

describe('siteUrl', () => {
	it('leaves out default ports', () => {
		const https = loadRuntimeConfig({ RUNTIME_SECRET: secret, SITE_URL_SCHEME: 'https', SITE_URL_PORT: '443' }, '/repo');
		expect(siteUrl(https, 'acme.example.com')).toBe('https://acme.example.com');
		const local = loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo');
		expect(siteUrl(local, 'acme.localhost')).toBe('http://acme.localhost:8055');
	});
});
