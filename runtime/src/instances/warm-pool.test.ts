import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { ProcessStatus } from './process-supervisor.ts';
import { WarmPool, type PoolFactory, type PoolStore, type PoolSupervisor } from './warm-pool.ts';

function poolRecord(id: string): InstanceRecord {
	return {
		id,
		kind: 'pool',
		phase: 'ready',
		desired: 'running',
		asleep: false,
		subdomain: null,
		domains: [],
		dir: `/nowhere/${id}`,
		storage: { client: 'pg', database: id },
		port: 0,
		pid: null,
		key: 'key',
		secret: 'secret',
		startedWithUrl: null,
		createdAt: new Date(0).toISOString(),
		lastRequestAt: null,
		directusVersion: '12.4.0',
		upgradeFailure: null,
		rollbackBackupId: null,
	};
}

const records = new Map<string, InstanceRecord>();
const statuses = new Map<string, ProcessStatus>();
const store: PoolStore = { all: () => [...records.values()], get: (id) => records.get(id) };
/** Like a database that refuses: a clone fails after its record was written, and removing it fails too. */
class RefusedFactory implements PoolFactory {
	createFails = true;
	destroyFails = true;
	creates = 0;

	async create(id: string): Promise<InstanceRecord> {
		this.creates += 1;
		records.set(id, poolRecord(id));
		if (this.createFails) throw new Error('clone refused: connection terminated');
		return records.get(id)!;
	}

	async destroy(record: InstanceRecord): Promise<void> {
		if (this.destroyFails) throw new Error('drop refused: connection terminated');
		records.delete(record.id);
	}
}
let factory: RefusedFactory;
const supervisor: PoolSupervisor = {
	status: (id) => statuses.get(id) ?? 'stopped',
	start: async (id) => void statuses.set(id, 'running'),
	stop: async (id) => void statuses.set(id, 'stopped'),
	forget: (id) => void statuses.delete(id),
};

let logs: string[];
let unhandled: unknown[];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(() => {
	records.clear();
	statuses.clear();
	factory = new RefusedFactory();
	logs = [];
	unhandled = [];
	process.on('unhandledRejection', onUnhandled);
	vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
	vi.useRealTimers();
	process.off('unhandledRejection', onUnhandled);
});

/** Unhandled rejections are reported once the microtask queue is empty. */
const afterMicrotasks = () => new Promise((resolve) => setImmediate(resolve));

describe('WarmPool refill', () => {
	it('neither rejects nor leaves an unhandled rejection when preparing and removing a member both fail, and tries again later', async () => {
		const pool = new WarmPool(1, store, factory, supervisor, (message) => logs.push(message));
		// Released after a hand-out: the refill runs in the background, as the service starts it.
		pool.release('pool-handed-out');
		await expect(pool.refill()).resolves.toBeUndefined();
		await afterMicrotasks();
		expect(unhandled).toEqual([]);
		expect(logs).toEqual([
			expect.stringMatching(/could not remove the failed instance pool-.*drop refused/),
			expect.stringMatching(/could not prepare an instance: clone refused/),
			'warm pool: trying again in 500 ms',
		]);
		expect(pool.available()).toBe(0);

		factory.createFails = false;
		factory.destroyFails = false;
		await vi.advanceTimersByTimeAsync(500);
		expect(pool.available()).toBe(1);
		// The failed member is gone; only the new one is left.
		expect(records.size).toBe(1);
		pool.close();
	});

	it('waits longer after each failure, and fills the pool once preparing works again', async () => {
		factory.destroyFails = false;
		const pool = new WarmPool(1, store, factory, supervisor, (message) => logs.push(message));
		await pool.refill();
		const attempts: number[] = [factory.creates];
		for (const waitMs of [499, 1, 999, 1, 1999, 1]) {
			await vi.advanceTimersByTimeAsync(waitMs);
			attempts.push(factory.creates);
		}
		expect(attempts).toEqual([1, 1, 2, 2, 3, 3, 4]);

		factory.createFails = false;
		await vi.advanceTimersByTimeAsync(4000);
		expect(factory.creates).toBe(5);
		expect(pool.available()).toBe(1);
		pool.close();
	});

	it('stops trying once closed', async () => {
		const pool = new WarmPool(1, store, factory, supervisor, (message) => logs.push(message));
		await pool.refill();
		pool.close();
		await vi.advanceTimersByTimeAsync(60_000);
		expect(factory.creates).toBe(1);
	});
});
