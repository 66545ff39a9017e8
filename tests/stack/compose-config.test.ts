/**
 * docker-compose.yml refuses what production must not do by accident: run without naming its
 * billing provider (the sandbox sells any plan for a test card).
 */
import { describe, expect, test } from 'vitest';
import { composeConfig, requiredVariables } from '../support/production-stack.ts';

describe('docker-compose.yml', () => {
	test('refuses to run without BILLING_PROVIDER, and accepts the sandbox only by name', async () => {
		const names = requiredVariables();
		expect(names).toContain('BILLING_PROVIDER');
		const everythingElse = Object.fromEntries(names.filter((name) => name !== 'BILLING_PROVIDER').map((name) => [name, 'set-for-the-test']));
		await expect(composeConfig(everythingElse)).rejects.toThrow(/set BILLING_PROVIDER \(stripe, or sandbox for a demo\)/);
		await expect(composeConfig({ ...everythingElse, BILLING_PROVIDER: 'sandbox' })).resolves.toBeUndefined();
	});
});
