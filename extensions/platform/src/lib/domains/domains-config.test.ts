import { describe, expect, it } from 'vitest';
import { isDnsServer, readDomainsConfig } from './domains-config.ts';

describe('readDomainsConfig', () => {
	it('defaults to the system resolvers, 5 s, no public IP', () => {
		expect(readDomainsConfig({})).toEqual({ publicIp: null, dnsServers: null, dnsTimeoutMs: 5000, reservedHosts: ['localhost'], portalUrl: 'http://localhost:8055' });
	});

	it('reads the public IP, the servers as a string or as the array Directus makes of commas, and the timeout as a number', () => {
		const env = { PUBLIC_IP: '203.0.113.10', DNS_SERVERS: ' 127.0.0.1:5353 , 1.1.1.1', DNS_TIMEOUT_MS: 1000 };
		expect(readDomainsConfig(env)).toMatchObject({ publicIp: '203.0.113.10', dnsServers: ['127.0.0.1:5353', '1.1.1.1'], dnsTimeoutMs: 1000 });
		expect(readDomainsConfig({ DNS_SERVERS: ['9.9.9.9', '[2620:fe::fe]:53'] }).dnsServers).toEqual(['9.9.9.9', '[2620:fe::fe]:53']);
		expect(readDomainsConfig({ DNS_SERVERS: '', PUBLIC_IP: '' })).toMatchObject({ dnsServers: null, publicIp: null });
	});

	it("reserves PUBLIC_HOST and PUBLIC_URL's host", () => {
		expect(readDomainsConfig({ PUBLIC_HOST: 'sites.example.net', PUBLIC_URL: 'https://app.example.net' }).reservedHosts).toEqual(['sites.example.net', 'app.example.net']);
	});

	it.each([
		[{ PUBLIC_IP: 'example.com' }, 'PUBLIC_IP'],
		[{ PUBLIC_IP: '2001:db8::1' }, 'PUBLIC_IP'],
		[{ DNS_SERVERS: 'dns.example.com' }, 'DNS_SERVERS'],
		[{ DNS_TIMEOUT_MS: '0' }, 'DNS_TIMEOUT_MS'],
	])('refuses %j naming %s', (env, name) => {
		expect(() => readDomainsConfig(env)).toThrow(name);
	});
});

describe('isDnsServer', () => {
	it.each(['1.1.1.1', '127.0.0.1:5353', '::1', '2001:db8::53', '[::1]:53', '[2001:db8::53]'])('accepts %s', (server) => {
		expect(isDnsServer(server)).toBe(true);
	});

	it.each(['', 'dns.example.com', '1.1.1.1:0', '1.1.1.1:70000', '[1.1.1.1]:53', '::1:53x', '1.1.1'])('refuses %j', (server) => {
		expect(isDnsServer(server)).toBe(false);
	});
});
