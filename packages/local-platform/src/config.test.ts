import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
	try {
		loadConfig(env, '/repo');
	} catch (error) {
		if (error instanceof ConfigError) return error.problems;
		throw error;
	}
	return [];
}

describe('loadConfig', () => {
	it('runs the embedded defaults with no environment at all', () => {
		const config = loadConfig({}, '/repo');
		expect(config).toMatchObject({
			PORT: 8055,
			DB_CLIENT: 'sqlite3',
			MAIL_CATCHER: true,
			billingProvider: 'sandbox',
			publicUrl: 'http://localhost:8055',
			dataDir: '/repo/data',
			RATE_LIMITER_ENABLED: true,
		});
	});

	it('names the variable when a value is bad', () => {
		expect(problemsOf({ PORT: 'eighty' })[0]).toMatch(/^PORT: /);
		expect(problemsOf({ DB_CLIENT: 'oracle' })[0]).toMatch(/^DB_CLIENT: /);
		expect(problemsOf({ ADMIN_EMAIL: 'not-an-email' })[0]).toMatch(/^ADMIN_EMAIL: /);
		expect(problemsOf({ MAIL_CATCHER: 'maybe' })[0]).toMatch(/^MAIL_CATCHER: /);
	});

	it('refuses an admin email Directus would refuse at bootstrap, and takes one it accepts', () => {
		expect(problemsOf({ ADMIN_EMAIL: 'staff@stack.test' })).toEqual(['ADMIN_EMAIL: Directus refuses this address (its top-level domain must be a real one, e.g. .com)']);
		expect(loadConfig({ ADMIN_EMAIL: 'staff@example.com' }, '/repo').ADMIN_EMAIL).toBe('staff@example.com');
	});

	it('reads the DNS verification settings and names a bad one', () => {
		expect(loadConfig({}, '/repo')).toMatchObject({ DNS_TIMEOUT_MS: 5000 });
		expect(loadConfig({}, '/repo').PUBLIC_IP).toBeUndefined();
		const config = loadConfig({ PUBLIC_IP: '203.0.113.10', DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1,[::1]:53,::1', DNS_TIMEOUT_MS: '1000' }, '/repo');
		expect(config).toMatchObject({ PUBLIC_IP: '203.0.113.10', DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1,[::1]:53,::1', DNS_TIMEOUT_MS: 1000 });
		expect(problemsOf({ PUBLIC_IP: 'sites.example.com' })[0]).toMatch(/^PUBLIC_IP: /);
		expect(problemsOf({ DNS_SERVERS: '1.1.1.1,dns.example.com' })[0]).toMatch(/^DNS_SERVERS: /);
		expect(problemsOf({ DNS_SERVERS: '1.1.1.1:0' })[0]).toMatch(/^DNS_SERVERS: /);
		expect(problemsOf({ DNS_SERVERS: '1.1.1.1:53:99' })[0]).toMatch(/^DNS_SERVERS: /);
		expect(problemsOf({ DNS_TIMEOUT_MS: '10' })[0]).toMatch(/^DNS_TIMEOUT_MS: /);
	});

	it('requires what a choice depends on', () => {
		expect(problemsOf({ DB_CLIENT: 'pg' })).toEqual(['DB_CONNECTION_STRING: is required when DB_CLIENT=pg']);
		expect(problemsOf({ MAIL_CATCHER: 'false' })).toEqual(['EMAIL_SMTP_HOST: is required when MAIL_CATCHER=false']);
		expect(problemsOf({ BILLING_PROVIDER: 'stripe' }).map((problem) => problem.split(':')[0])).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
	});

	it('picks Stripe when a secret key is given, and treats empty values as unset', () => {
		const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', PUBLIC_URL: '' }, '/repo');
		expect(config.billingProvider).toBe('stripe');
		expect(config.publicUrl).toBe('http://localhost:8055');
	});

	it('refuses a short admin password or secret', () => {
		expect(problemsOf({ ADMIN_PASSWORD: 'short' })[0]).toMatch(/^ADMIN_PASSWORD: /);
		expect(problemsOf({ SECRET: 'short' })[0]).toMatch(/^SECRET: /);
	});

	it('puts the control plane behind the embedded runtime, on PORT without it', () => {
		expect(loadConfig({}, '/repo')).toMatchObject({ embeddedRuntime: true, controlPlaneHost: '127.0.0.1', controlPlanePort: 8056 });
		expect(loadConfig({ RUNTIME_ENABLED: 'false' }, '/repo')).toMatchObject({ embeddedRuntime: false, controlPlaneHost: '0.0.0.0', controlPlanePort: 8055 });
		const remote = loadConfig({ RUNTIME_URL: 'http://runtime:8057', RUNTIME_SECRET: 'r'.repeat(40) }, '/repo');
		expect(remote).toMatchObject({ embeddedRuntime: false, controlPlanePort: 8055 });
	});

	it('gives the embedded runtime its metrics address, on a port of its own', () => {
		expect(loadConfig({}, '/repo')).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
		expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }, '/repo')).toMatchObject({ METRICS_PORT: 9100, METRICS_HOST: '0.0.0.0' });
		expect(problemsOf({ METRICS_PORT: 'none' })[0]).toMatch(/^METRICS_PORT: /);
		expect(problemsOf({ METRICS_PORT: '8055' })).toEqual(['METRICS_PORT: must differ from PORT']);
		expect(problemsOf({ METRICS_PORT: '8057' })).toEqual(['METRICS_PORT: must differ from RUNTIME_API_PORT']);
		// Without the embedded runtime the variable is not used, so nothing is refused.
		expect(problemsOf({ METRICS_PORT: '8055', RUNTIME_ENABLED: 'false' })).toEqual([]);
	});

	it('takes a range of ports for replicas beside a runtime of their own, and a drain time', () => {
		const remote = { RUNTIME_URL: 'http://runtime:8057', RUNTIME_SECRET: 'r'.repeat(40) };
		expect(loadConfig({ ...remote, CONTROL_PLANE_PORTS: '8061-8068', DRAIN_SECONDS: '6' }, '/repo')).toMatchObject({ CONTROL_PLANE_PORTS: '8061-8068', DRAIN_SECONDS: 6 });
		expect(loadConfig({}, '/repo')).toMatchObject({ DRAIN_SECONDS: 0 });
		expect(problemsOf({ ...remote, CONTROL_PLANE_PORTS: '8068-8061' })).toEqual(['CONTROL_PLANE_PORTS: must be a range of at most 64 ports, e.g. 8061-8068']);
		expect(problemsOf({ CONTROL_PLANE_PORTS: '8061-8068' })).toEqual(['CONTROL_PLANE_PORTS: is for replicas beside a runtime of their own (RUNTIME_URL)']);
		expect(problemsOf({ DRAIN_SECONDS: '-1' })[0]).toMatch(/^DRAIN_SECONDS: /);
	});

	it('needs the shared secret for a runtime elsewhere', () => {
		expect(problemsOf({ RUNTIME_URL: 'http://runtime:8057' })).toEqual(['RUNTIME_SECRET: is required when RUNTIME_URL is set']);
		expect(problemsOf({ WARM_POOL_SIZE: '-1' })[0]).toMatch(/^WARM_POOL_SIZE: /);
	});
});

describe('CREDENTIALS_KEY', () => {
	it('takes 32 bytes in base64 or base64url and refuses anything else, naming the variable', () => {
		const key = Buffer.alloc(32, 7);
		expect(loadConfig({ CREDENTIALS_KEY: key.toString('base64') }, '/repo').CREDENTIALS_KEY).toBe(key.toString('base64'));
		expect(loadConfig({ CREDENTIALS_KEY: key.toString('base64url') }, '/repo').CREDENTIALS_KEY).toBe(key.toString('base64url'));
		expect(() => loadConfig({ CREDENTIALS_KEY: Buffer.alloc(16).toString('base64') }, '/repo')).toThrow(/CREDENTIALS_KEY: must be 32 bytes/);
	});
});
