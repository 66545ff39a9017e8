import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstanceService } from '../instances/instance-service.ts';
import type { WarmPool } from '../instances/warm-pool.ts';
import type { UsageCounter } from '../router/usage-counter.ts';
import { createApiServer } from './api-server.ts';

const secret = 's'.repeat(40);
const logs: string[] = [];
// Only the routes these tests call are backed; the others would throw.
const service = { list: () => [] } as unknown as InstanceService;
const server = createApiServer({ secret, service, pool: {} as WarmPool, usage: {} as UsageCounter, log: (message) => logs.push(message) });
let baseUrl: string;

beforeAll(async () => {
	server.listen(0, '127.0.0.1');
	await once(server, 'listening');
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
	server.close();
});

const get = (path: string) => fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${secret}` } });

describe('management API paths', () => {
	it('answers a malformed %-escape in an instance path with 400 and the usual error body', async () => {
		const response = await get('/instances/%E0%A4%A');
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({
			errors: [{ message: expect.stringContaining('%E0%A4%A'), extensions: { code: 'INVALID_PATH' } }],
		});
		expect(logs).toEqual([]);
		expect((await get('/instances')).status).toBe(200);
	});

	it('names the project id when the id in the path is not valid', async () => {
		const response = await get('/instances/pool-1');
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({
			errors: [{ message: 'projectId: must not start with "pool-"', extensions: { code: 'INVALID_PAYLOAD' } }],
		});
	});
});
