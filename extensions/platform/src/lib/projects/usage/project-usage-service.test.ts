import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LocalRuntimeDriver } from '../../runtime-driver/local-runtime-driver.ts';
import { ProjectUsageService } from './project-usage-service.ts';

const owner = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const project = '11111111-1111-4111-8111-111111111111';

/** A loopback address where nothing listens: the port was free a moment ago and is closed again. */
async function closedAddress(): Promise<string> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
	return `http://127.0.0.1:${port}`;
}

function serviceWith(driver: LocalRuntimeDriver | null, warnings: string[]) {
	return new ProjectUsageService({
		ownProjectIds: async (userId) => (userId === owner ? [project] : []),
		driver: () => driver,
		now: () => new Date('2026-03-15T10:00:00Z'),
		logger: { warn: (message) => warnings.push(message) },
	});
}

describe('project usage service', () => {
	it('says usage is not configured without a runtime, with no figures', async () => {
		const warnings: string[] = [];
		expect(await serviceWith(null, warnings).forOwner(owner)).toEqual({ available: false, reason: 'not_configured' });
		expect(warnings).toEqual([]);
	});

	it('says the runtime did not answer, with no figures, and logs why', async () => {
		const warnings: string[] = [];
		const driver = new LocalRuntimeDriver({ url: await closedAddress(), secret: 's'.repeat(40), timeoutMs: 5000 });
		expect(await serviceWith(driver, warnings).forOwner(owner)).toEqual({ available: false, reason: 'unreachable' });
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toMatch(/^Usage could not be read from the runtime: /);
	});
});
