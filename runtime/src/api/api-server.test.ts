import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupService } from '../backups/backup-service.ts';
import type { InstanceService } from '../instances/instance-service.ts';
import type { WarmPool } from '../instances/warm-pool.ts';
import type { UsageCounter } from '../usage/usage-counter.ts';
import type { UpgradeService } from '../upgrades/upgrade-service.ts';
import { createApiServer } from './api-server.ts';

const secret = 's'.repeat(40);
/** The secret before a rotation, still accepted while RUNTIME_SECRET_PREVIOUS names it. */
const previousSecret = 'p'.repeat(40);
const logs: string[] = [];
// Only the routes these tests call are backed; the others would throw.
const service = { list: () => [] } as unknown as InstanceService;
const backupCalls: string[] = [];
const backups = {
	archive: async (projectId: string, backupId: string) => {
		backupCalls.push(`${projectId} ${backupId}`);
		throw new Error('not backed');
	},
	create: async (projectId: string, kind: string, keep?: number) => {
		backupCalls.push(`create ${projectId} ${kind} ${keep}`);
		return { id: '20260131T120000000Z-0a1b2c3d', projectId, kind, createdAt: '2026-01-31T12:00:00.000Z', size: 1 };
	},
} as unknown as BackupService;
const server = createApiServer({
	secrets: [secret, previousSecret],
	service,
	hosts: { lookup: () => undefined },
	backups,
	upgrades: {} as UpgradeService,
	pool: {} as WarmPool,
	usage: {} as UsageCounter,
	sleepTiers: () => {
		throw new Error('not used here');
	},
	log: (message) => logs.push(message),
});
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
	it('answers the current secret and, during a rotation, the previous one; nothing else', async () => {
		const withBearer = (bearer: string) => fetch(`${baseUrl}/instances`, { headers: { authorization: `Bearer ${bearer}` } });
		expect((await withBearer(secret)).status).toBe(200);
		expect((await withBearer(previousSecret)).status).toBe(200);
		expect((await withBearer('x'.repeat(40))).status).toBe(401);
		expect((await fetch(`${baseUrl}/instances`)).status).toBe(401);
	});

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

describe('backup paths', () => {
	it('refuses a backup id that is not one, before it reaches the store', async () => {
		for (const id of ['..%2F..%2Fstate.json', '..%2F', '20260131T120000000Z-0a1b2c3d%2F..', 'latest']) {
			const response = await get(`/instances/p-1/backups/${id}/archive`);
			expect(response.status, id).toBe(400);
			const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
			expect(body.errors[0]?.extensions.code, id).toBe('INVALID_PAYLOAD');
			expect(body.errors[0]?.message, id).toMatch(/^backupId: /);
		}
		expect(backupCalls).toEqual([]);
	});

	it("passes a scheduled backup's keep count on, and refuses one that is not a count of at least 1 or comes with a manual backup", async () => {
		const post = (body: unknown) =>
			fetch(`${baseUrl}/instances/p-1/backups`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
		backupCalls.length = 0;
		for (const body of [
			{ kind: 'scheduled', keep: 0 },
			{ kind: 'scheduled', keep: 2.5 },
			{ kind: 'scheduled', keep: '3' },
			{ kind: 'manual', keep: 3 },
		]) {
			const response = await post(body);
			expect(response.status, JSON.stringify(body)).toBe(400);
			const answer = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
			expect(answer.errors[0]?.extensions.code, JSON.stringify(body)).toBe('INVALID_PAYLOAD');
			expect(answer.errors[0]?.message, JSON.stringify(body)).toMatch(/^keep: /);
		}
		expect(backupCalls).toEqual([]);
		expect((await post({ kind: 'scheduled', keep: 3 })).status).toBe(201);
		expect((await post({ kind: 'manual' })).status).toBe(201);
		expect(backupCalls).toEqual(['create p-1 scheduled 3', 'create p-1 manual undefined']);
	});

	it('answers an unknown backup route with 404', async () => {
		const response = await fetch(`${baseUrl}/instances/p-1/backups/20260131T120000000Z-0a1b2c3d`, { method: 'DELETE', headers: { authorization: `Bearer ${secret}` } });
		expect(response.status).toBe(404);
		expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('ROUTE_NOT_FOUND');
	});
});
