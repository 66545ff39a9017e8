import { describe, expect, it } from 'vitest';
import { loadNodeRouterConfig, NodeRouterConfigError } from './node-router-config.ts';

const required = { RUNTIME_ROUTER_URL: 'http://10.0.0.1:8055', RUNTIME_STATE_PG_URL: 'postgres://runtime@10.0.0.1/epic_runtime_state' };

describe('the node router configuration', () => {
	it("reads the runtime's router address and the trusted proxies", () => {
		const config = loadNodeRouterConfig({ ...required, ROUTER_TRUSTED_PROXIES: ' 10.0.0.5, 10.0.0.6 ' });
		expect(config.runtimeRouter).toEqual({ host: '10.0.0.1', port: 8055 });
		expect([...config.trustedProxies]).toEqual(['10.0.0.5', '10.0.0.6']);
		expect(config.NODE_ROUTER_PORT).toBe(8055);
		expect(config.NODE_ROUTER_PROBE_SECONDS).toBe(1);
	});

	it('names each missing or bad variable', () => {
		expect(() => loadNodeRouterConfig({})).toThrow(NodeRouterConfigError);
		expect(() => loadNodeRouterConfig({})).toThrow(/RUNTIME_ROUTER_URL[\s\S]*RUNTIME_STATE_PG_URL/);
		expect(() => loadNodeRouterConfig({ ...required, RUNTIME_ROUTER_URL: 'https://10.0.0.1' })).toThrow(/RUNTIME_ROUTER_URL/);
		expect(() => loadNodeRouterConfig({ ...required, NODE_ROUTER_PORT: '70000' })).toThrow(/NODE_ROUTER_PORT/);
	});
});
