import { describe, expect, test } from 'vitest';
import { dataServiceRules, parseEndpoint, SWARM_SITES_BRIDGE } from './swarm-node-guard.ts';

describe('a swarm node’s firewall for sites', () => {
	test('lets the sites’ bridge open connections to each data service, on the node and forwarded', () => {
		const rules = dataServiceRules(SWARM_SITES_BRIDGE, parseEndpoint('10.0.0.5:5432'));
		expect(rules.map((rule) => rule.chain)).toEqual(['INPUT', 'DOCKER-USER']);
		for (const rule of rules)
			expect(rule.args).toEqual(['-i', 'br-epicsites', '-p', 'tcp', '-d', '10.0.0.5', '--dport', '5432', '-m', 'conntrack', '--ctstate', 'NEW', '-j', 'ACCEPT']);
	});

	test('takes data services as IPv4 address and port only', () => {
		for (const bad of ['db:5432', '10.0.0.5', '10.0.0.5:0', '10.0.0.5:70000', '10.0.0.5:5432; rm -rf /']) expect(() => parseEndpoint(bad)).toThrow(/IPv4 address and port/);
	});
});
