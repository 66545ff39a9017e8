import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { directusEnv } from './directus-env.ts';

const secrets = { secret: 's'.repeat(40), adminPassword: 'p'.repeat(20), runtimeSecret: 'r'.repeat(40), credentialsKey: 'k'.repeat(43), adminPasswordIsNew: false };

describe('directusEnv billing', () => {
	it("opens the CSP to Stripe's script and frames only with the Stripe provider", () => {
		const sandbox = directusEnv(loadConfig({}, '/repo'), secrets);
		expect(Object.keys(sandbox).filter((key) => key.startsWith('CONTENT_SECURITY_POLICY'))).toEqual([]);
		const stripe = directusEnv(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }, '/repo'), secrets);
		expect(stripe['CONTENT_SECURITY_POLICY_DIRECTIVES__SCRIPT_SRC']).toContain('https://js.stripe.com');
		expect(stripe['CONTENT_SECURITY_POLICY_DIRECTIVES__FRAME_SRC']).toContain('https://js.stripe.com');
	});

	it('lets the sandbox clock be moved only with the sandbox provider', () => {
		expect(directusEnv(loadConfig({ BILLING_SANDBOX_CLOCK_CONTROL: 'true' }, '/repo'), secrets)['BILLING_SANDBOX_CLOCK_CONTROL']).toBe('true');
		const stripe = loadConfig(
			{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', BILLING_SANDBOX_CLOCK_CONTROL: 'true' },
			'/repo',
		);
		expect(directusEnv(stripe, secrets)['BILLING_SANDBOX_CLOCK_CONTROL']).toBe('false');
	});
});

describe('directusEnv domains', () => {
	it('passes the DNS verification settings through, and only those set', () => {
		const defaults = directusEnv(loadConfig({}, '/repo'), secrets);
		expect(defaults['DNS_TIMEOUT_MS']).toBe('5000');
		expect(defaults).not.toHaveProperty('PUBLIC_IP');
		expect(defaults).not.toHaveProperty('DNS_SERVERS');
		const set = directusEnv(loadConfig({ PUBLIC_IP: '203.0.113.10', DNS_SERVERS: '127.0.0.1:5353', DNS_TIMEOUT_MS: '1000' }, '/repo'), secrets);
		expect(set).toMatchObject({ PUBLIC_IP: '203.0.113.10', DNS_SERVERS: '127.0.0.1:5353', DNS_TIMEOUT_MS: '1000' });
	});
});
