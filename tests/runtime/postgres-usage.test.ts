/**
 * The daily request counts in the state database (runtime/src/usage/postgres-usage-store.ts), as a
 * swarm runtime keeps them: the runtime's counter and a node router's add to the same totals, a
 * deleted project's counts go, a failed add keeps its counts for the next, and the usage file of
 * a runtime that kept them in its data folder is added once.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openUsageCounter } from '../../runtime/src/usage/open-usage-counter.ts';
import { PostgresUsageStore } from '../../runtime/src/usage/postgres-usage-store.ts';
import { UsageCounter } from '../../runtime/src/usage/usage-counter.ts';
import { createTestDatabase, type TestDatabase, withAdminClient } from '../support/postgres.ts';

let database: TestDatabase;
let dataDir: string;
const day = new Date('2031-05-06T07:08:09Z');

beforeAll(async () => {
	database = await createTestDatabase('usage');
});

afterAll(async () => {
	await database?.drop();
});

beforeEach(() => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'postgres-usage-'));
	return () => rmSync(dataDir, { recursive: true, force: true });
});

describe('usage counts in the state database', () => {
	it("adds a node router's counts to the runtime's, and forgets a deleted project's", async () => {
		const runtime = await openUsageCounter({ RUNTIME_STATE_PG_URL: database.connectionString, dataDir }, () => {});
		const nodeRouter = new UsageCounter(new PostgresUsageStore(database.connectionString), () => {});
		runtime.count('p-a', day);
		nodeRouter.count('p-a', day);
		nodeRouter.count('p-a', day);
		nodeRouter.count('p-b', day);
		await nodeRouter.close();
		expect(await runtime.read('2031-05-01')).toEqual([
			{ projectId: 'p-a', day: '2031-05-06', requests: 3 },
			{ projectId: 'p-b', day: '2031-05-06', requests: 1 },
		]);
		expect(await runtime.read('2031-05-07')).toEqual([]);
		// From the start, as GET /usage asks without a day.
		expect(await runtime.read('0000-00-00', 'p-b')).toEqual([{ projectId: 'p-b', day: '2031-05-06', requests: 1 }]);
		await runtime.forget('p-a');
		expect(await runtime.read('2031-05-01')).toEqual([{ projectId: 'p-b', day: '2031-05-06', requests: 1 }]);
		await runtime.forget('p-b');
		await runtime.close();
	});

	it('keeps the counts of an add the database refused, and adds them at the next', async () => {
		const logs: string[] = [];
		const flushed: number[] = [];
		// A database that does not exist yet: every add fails until it does.
		const later = new URL(database.connectionString);
		later.pathname = `${later.pathname}_later`;
		const counter = new UsageCounter(
			new PostgresUsageStore(later.toString()),
			(line) => logs.push(line),
			(requests) => flushed.push(requests),
		);
		counter.count('p-c', day);
		counter.count('p-c', day);
		await expect(counter.flush()).rejects.toThrow(/does not exist/);
		expect(flushed).toEqual([]);

		const admin = new URL(database.connectionString);
		admin.pathname = '/postgres';
		await withAdminClient(admin.toString(), (client) => client.query(`create database "${later.pathname.slice(1)}"`));
		try {
			counter.count('p-c', day);
			await counter.flush();
			expect(flushed).toEqual([3]);
			expect(await counter.read('2031-05-01')).toEqual([{ projectId: 'p-c', day: '2031-05-06', requests: 3 }]);
			await counter.close();
			expect(logs).toEqual([]);
		} finally {
			await withAdminClient(admin.toString(), (client) => client.query(`drop database if exists "${later.pathname.slice(1)}" with (force)`));
		}
	});

	it('adds the usage file of a runtime that kept its counts in its data folder, once', async () => {
		const file = path.join(dataDir, 'usage.json');
		const content = JSON.stringify({ 'p-d': { '2031-05-04': 40, '2031-05-05': 2 } });
		writeFileSync(file, content);
		const logs: string[] = [];
		const first = await openUsageCounter({ RUNTIME_STATE_PG_URL: database.connectionString, dataDir }, (line) => logs.push(line));
		expect(logs).toEqual([`added the 42 requests counted in ${file} to the usage counts in the state database`]);
		expect(existsSync(file)).toBe(false);
		expect(existsSync(`${file}.imported`)).toBe(true);
		await first.close();

		// The same file back (a start that crashed before the rename): not added again.
		writeFileSync(file, content);
		const second = await openUsageCounter({ RUNTIME_STATE_PG_URL: database.connectionString, dataDir }, (line) => logs.push(line));
		expect(await second.read('2031-05-01', 'p-d')).toEqual([
			{ projectId: 'p-d', day: '2031-05-04', requests: 40 },
			{ projectId: 'p-d', day: '2031-05-05', requests: 2 },
		]);
		expect(logs).toHaveLength(1);
		await second.close();
	});
});
