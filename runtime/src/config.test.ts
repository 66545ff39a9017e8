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
});

describe('siteUrl', () => {
	it('leaves out default ports', () => {
		const https = loadRuntimeConfig({ RUNTIME_SECRET: secret, SITE_URL_SCHEME: 'https', SITE_URL_PORT: '443' }, '/repo');
		expect(siteUrl(https, 'acme.example.com')).toBe('https://acme.example.com');
		const local = loadRuntimeConfig({ RUNTIME_SECRET: secret }, '/repo');
		expect(siteUrl(local, 'acme.localhost')).toBe('http://acme.localhost:8055');
	});
});
