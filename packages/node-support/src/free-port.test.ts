import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freeLoopbackPort } from './free-port.ts';

describe('freeLoopbackPort', () => {
	it('gives distinct bindable ports below the kernel ephemeral range', async () => {
		const ports = await Promise.all(Array.from({ length: 20 }, () => freeLoopbackPort()));
		expect(new Set(ports).size).toBe(20);
		for (const port of ports) {
			expect(port).toBeGreaterThanOrEqual(20_000);
			expect(port).toBeLessThan(32_768);
		}
		const server = net.createServer();
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(ports[0], '127.0.0.1', resolve);
		});
		await new Promise((resolve) => server.close(resolve));
	});
});
