/**
 * docker-compose.yml refuses what production must not do by accident: run without naming its
 * billing provider (the sandbox sells any plan for a test card); and the runtime (which holds the
 * Docker socket) and the control plane run on read-only roots, writing only to their volumes and
 * to scratch space that is empty at each start.
 */
import { describe, expect, test } from 'vitest';
import { composeConfig, requiredVariables, resolvedComposeServices } from '../support/production-stack.ts';

describe('docker-compose.yml', () => {
	test('refuses to run without BILLING_PROVIDER, and accepts the sandbox only by name', async () => {
		const names = requiredVariables();
		expect(names).toContain('BILLING_PROVIDER');
		const everythingElse = Object.fromEntries(names.filter((name) => name !== 'BILLING_PROVIDER').map((name) => [name, 'set-for-the-test']));
		await expect(composeConfig(everythingElse)).rejects.toThrow(/set BILLING_PROVIDER \(stripe, or sandbox for a demo\)/);
		await expect(composeConfig({ ...everythingElse, BILLING_PROVIDER: 'sandbox' })).resolves.toBeUndefined();
	});

	test('runs the runtime and the control plane on read-only roots, with scratch space only where they must write', async () => {
		const services = await resolvedComposeServices(Object.fromEntries(requiredVariables().map((name) => [name, 'set-for-the-test'])));
		const runtime = services['runtime']!;
		expect(runtime.read_only).toBe(true);
		expect(runtime.tmpfs).toEqual(['/tmp', '/run']);
		expect(runtime.environment?.['HOME']).toBe('/tmp');

		const controlPlane = services['control-plane']!;
		expect(controlPlane.read_only).toBe(true);
		expect(controlPlane.tmpfs).toEqual(['/tmp', '/app/node_modules/.cache']);
		expect(controlPlane.environment?.['HOME']).toBe('/tmp');
	});
});
