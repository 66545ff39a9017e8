import { describe, expect, it } from 'vitest';
import { loadSiteGateConfig, SiteGateConfigError } from './site-gate-config.ts';

const swarmRuntime = {
	RUNTIME_SECRET: 'x'.repeat(40),
	RUNTIME_DRIVER: 'swarm',
	INSTANCE_DB_CLIENT: 'pg',
	INSTANCE_PG_URL: 'postgres://epic@127.0.0.1/epic',
	RUNTIME_STATE_PG_URL: 'postgres://epic@127.0.0.1/epic_runtime_state',
	SWARM_SITE_DATABASE_HOST: '10.0.0.5',
	SWARM_SITE_S3_BUCKET: 'epic-sites',
	SWARM_SITE_S3_ACCESS_KEY_ID: 'AK',
	SWARM_SITE_S3_SECRET_ACCESS_KEY: 'SK',
	SWARM_SITE_S3_GATE_HOST: '10.0.0.1',
};

describe('loadSiteGateConfig', () => {
	it("takes the runtime's variables: its secrets, the bucket and gate address, the sites' server and the state database", () => {
		const config = loadSiteGateConfig({ ...swarmRuntime, RUNTIME_SECRET_PREVIOUS: 'y'.repeat(40), SWARM_SITE_S3_GATE_PORT: '9600' });
		expect(config.secrets).toEqual({ RUNTIME_SECRET: 'x'.repeat(40), RUNTIME_SECRET_PREVIOUS: 'y'.repeat(40) });
		expect(config.storage.gate).toEqual({ host: '10.0.0.1', port: 9600 });
		expect(config.storage.s3).toMatchObject({ bucket: 'epic-sites', accessKeyId: 'AK', secretAccessKey: 'SK', prefix: 'sites/' });
		expect(config.adminPgUrl).toBe('postgres://epic@127.0.0.1/epic');
		expect(config.statePgUrl).toBe('postgres://epic@127.0.0.1/epic_runtime_state');
	});

	it("refuses what the runtime would refuse, under the gate's name", () => {
		expect(() => loadSiteGateConfig({ ...swarmRuntime, SWARM_SITE_S3_GATE_HOST: '' })).toThrow(SiteGateConfigError);
		expect(() => loadSiteGateConfig({ ...swarmRuntime, SWARM_SITE_S3_GATE_HOST: '' })).toThrow(
			/Invalid site gate configuration[^]*SWARM_SITE_S3_GATE_HOST: is required when RUNTIME_DRIVER=swarm/,
		);
		expect(() => loadSiteGateConfig({ ...swarmRuntime, RUNTIME_SECRET: 'short' })).toThrow(/RUNTIME_SECRET/);
	});

	it('serves swarm sites only, and needs the records in the state database', () => {
		const { RUNTIME_DRIVER: _driver, INSTANCE_DB_CLIENT: _client, ...notSwarm } = swarmRuntime;
		expect(() => loadSiteGateConfig(notSwarm)).toThrow(/RUNTIME_DRIVER: must be swarm/);
		expect(() => loadSiteGateConfig({ ...swarmRuntime, RUNTIME_STATE_PG_URL: '' })).toThrow(/RUNTIME_STATE_PG_URL: is required/);
	});
});
