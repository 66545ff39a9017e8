import { describe, expect, it } from 'vitest';
import { LocalRuntimeDriver } from './local-runtime-driver.ts';
import { createRuntimeDriver } from './runtime-driver-factory.ts';

const secret = 's'.repeat(40);

describe('createRuntimeDriver', () => {
	it('gives no driver when none is configured', () => {
		expect(createRuntimeDriver({})).toBeNull();
	});

	it('builds the local driver from its URL and secret', () => {
		const driver = createRuntimeDriver({ RUNTIME_URL: 'http://127.0.0.1:8057', RUNTIME_SECRET: secret });
		expect(driver).toBeInstanceOf(LocalRuntimeDriver);
	});

	it('names what is missing or wrong', () => {
		expect(() => createRuntimeDriver({ RUNTIME_URL: 'not a url', RUNTIME_SECRET: secret })).toThrow(/RUNTIME_URL/);
		expect(() => createRuntimeDriver({ RUNTIME_URL: 'http://127.0.0.1:8057', RUNTIME_SECRET: 'short' })).toThrow(/RUNTIME_SECRET/);
		expect(() => createRuntimeDriver({ RUNTIME_URL: 'http://127.0.0.1:8057' })).toThrow(/RUNTIME_SECRET/);
	});

	it("leaves the runtime's own RUNTIME_DRIVER (how it runs sites) alone", () => {
		expect(createRuntimeDriver({ RUNTIME_DRIVER: 'docker' })).toBeNull();
		expect(createRuntimeDriver({ RUNTIME_DRIVER: 'docker', RUNTIME_URL: 'http://127.0.0.1:8057', RUNTIME_SECRET: secret })).toBeInstanceOf(LocalRuntimeDriver);
	});
});

describe('a driver with its own time-out', () => {
	it('gives up on a call after its own bound, on the same runtime', { timeout: 10_000 }, async () => {
		// A runtime that never answers: the request is accepted and left hanging.
		const { createServer } = await import('node:http');
		const server = createServer(() => {});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as { port: number };
		try {
			const driver = new LocalRuntimeDriver({ url: `http://127.0.0.1:${port}`, secret, timeoutMs: 60_000 });
			// Bounded by the driver's own 60 s, the call would outlast the test's time and fail it.
			await expect(driver.withTimeout(200).instanceStatus('p-1')).rejects.toThrow(/timeout|aborted/i);
		} finally {
			server.closeAllConnections();
			server.close();
		}
	});
});
