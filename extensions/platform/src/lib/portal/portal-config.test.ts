import { describe, expect, it } from 'vitest';
import { readPlatformConfig } from '../platform-config.ts';
import { portalConfig } from './portal-config.ts';

describe('portal config', () => {
	it('gives the portal the support address, the site host and the public IP', () => {
		const config = readPlatformConfig({ SUPPORT_EMAIL: 'help@example.com', PUBLIC_HOST: 'sites.example.com', PUBLIC_IP: '203.0.113.10' });
		expect(portalConfig(config)).toEqual({
			supportEmail: 'help@example.com',
			publicHost: 'sites.example.com',
			siteHostSuffix: 'sites.example.com:8055',
			sitesOverHttps: false,
			publicIp: '203.0.113.10',
		});
	});

	it('gives the port in site addresses only where it is not the scheme default, and says when sites have HTTPS', () => {
		const https = portalConfig(readPlatformConfig({ PUBLIC_URL: 'https://portal.example.com', PUBLIC_HOST: 'sites.example.com' }));
		expect(https).toMatchObject({ siteHostSuffix: 'sites.example.com', sitesOverHttps: true });
	});

	it('answers null for a public IP that is not set', () => {
		expect(portalConfig(readPlatformConfig({})).publicIp).toBeNull();
		expect(portalConfig(readPlatformConfig({ PUBLIC_IP: '' })).publicIp).toBeNull();
	});
});
