import { describe, expect, it } from 'vitest';
import { portalConfigSchema } from './portal-config.ts';

const config = { supportEmail: 'support@example.com', publicHost: 'example.com', siteHostSuffix: 'example.com', sitesOverHttps: true, publicIp: null };

describe('portalConfigSchema', () => {
	it('accepts the settings, with or without a public IP', () => {
		expect(portalConfigSchema.safeParse(config).success).toBe(true);
		expect(portalConfigSchema.safeParse({ ...config, publicIp: '203.0.113.7' }).success).toBe(true);
	});

	it('refuses settings with a part missing or malformed', () => {
		expect(portalConfigSchema.safeParse({ ...config, publicIp: undefined }).success).toBe(false);
		expect(portalConfigSchema.safeParse({ ...config, sitesOverHttps: 'yes' }).success).toBe(false);
		expect(portalConfigSchema.safeParse('<html>').success).toBe(false);
	});
});
