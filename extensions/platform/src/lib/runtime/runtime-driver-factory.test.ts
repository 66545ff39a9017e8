import { describe, expect, it } from 'vitest';
import { LocalRuntimeDriver } from './local-runtime-driver.ts';
import { createRuntimeDriver } from './runtime-driver-factory.ts';

const secret = 's'.repeat(40);

describe('createRuntimeDriver', () => {
	it('gives no driver when none is configured', () => {
		expect(createRuntimeDriver({})).toBeNull();
	});

	it('builds the local driver from its URL and secret', () => {
		const driver = createRuntimeDriver({ RUNTIME_DRIVER: 'local', RUNTIME_URL: 'http://127.0.0.1:8057', RUNTIME_SECRET: secret });
		expect(driver).toBeInstanceOf(LocalRuntimeDriver);
	});

	it('names what is missing or unknown', () => {
		expect(() => createRuntimeDriver({ RUNTIME_DRIVER: 'local', RUNTIME_SECRET: secret })).toThrow(/RUNTIME_URL/);
		expect(() => createRuntimeDriver({ RUNTIME_DRIVER: 'local', RUNTIME_URL: 'http://127.0.0.1:8057', RUNTIME_SECRET: 'short' })).toThrow(/RUNTIME_SECRET/);
		expect(() => createRuntimeDriver({ RUNTIME_DRIVER: 'nomad', RUNTIME_URL: 'http://x', RUNTIME_SECRET: secret })).toThrow(/RUNTIME_DRIVER/);
	});
});
