import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { projectRecordFixture } from '../state/project-record.fixture.ts';
import { fileStatePersistence } from '../state/file-state-persistence.ts';
import { StateStore } from '../state/state-store.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import type { HostIndex } from './host-index.ts';
import type { InstanceFactory } from './instance-factory.ts';
import { InstanceService } from './instance-service.ts';
import { SiteSleepCycle } from './site-sleep-cycle.ts';
import { KeyedMutex } from '@epic/concurrency';
import type { ProcessStatus, ProcessSupervisor } from './process-supervisor.ts';
import type { WarmPool } from './warm-pool.ts';

const IDLE_MS = 60_000;
const T0 = Date.parse('2030-01-01T00:00:00Z');

let dataDir: string;
let store: StateStore;
let now: number;
let statuses: Map<string, ProcessStatus>;
let stopped: string[];
let finishStart: (() => void) | null;
let service: InstanceService;
let sleepCycle: SiteSleepCycle;
let metrics: RuntimeMetrics;

function putRunningProject(id: string): void {
	const record = projectRecordFixture(id, path.join(dataDir, id), { port: 4000, pid: 4242, createdAt: new Date(T0).toISOString() });
	store.put(record);
	statuses.set(id, 'running');
}

beforeEach(() => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'instance-service-'));
	store = new StateStore(fileStatePersistence(dataDir), '12.4.0');
	now = T0;
	statuses = new Map();
	stopped = [];
	finishStart = null;
	metrics = new RuntimeMetrics(new Registry());
	// Only what the idle clock, sleepIdle, wake and the service's start and stop use is backed.
	const supervisor = {
		status: (id: string) => statuses.get(id) ?? 'stopped',
		start: (id: string) => {
			statuses.set(id, 'starting');
			return new Promise<void>((resolve) => {
				finishStart = () => {
					statuses.set(id, 'running');
					resolve();
				};
			});
		},
		stop: async (id: string) => {
			stopped.push(id);
			statuses.set(id, 'stopped');
		},
		details: () => ({ pid: null, restarts: 0, lastError: null }),
		memoryBytes: () => null,
	};
	const locks = new KeyedMutex();
	sleepCycle = new SiteSleepCycle({ store, supervisor: supervisor as unknown as ProcessSupervisor, hosts: {} as HostIndex, locks, log: () => {}, metrics, now: () => now });
	service = new InstanceService({
		store,
		databases: {} as InstanceDatabases,
		factory: {} as InstanceFactory,
		supervisor: supervisor as unknown as ProcessSupervisor,
		pool: {} as WarmPool,
		hosts: {} as HostIndex,
		locks,
		sleepCycle,
		log: () => {},
		metrics,
		now: () => now,
	});
	putRunningProject('p-1');
});

afterEach(() => {
	rmSync(dataDir, { recursive: true, force: true });
});

describe('SiteSleepCycle: when an instance goes to sleep', () => {
	it('sleeps once the idle time has passed since the end of its last request, not a millisecond before', async () => {
		const endRequest = sleepCycle.beginActivity('p-1');
		now = T0 + 5000;
		endRequest();
		now = T0 + 5000 + IDLE_MS - 1;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual([]);
		now = T0 + 5000 + IDLE_MS;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual(['p-1']);
		expect(stopped).toEqual(['p-1']);
		expect(store.get('p-1')).toMatchObject({ asleep: true, lastRequestAt: new Date(T0 + 5000).toISOString() });
	});

	it('without any request since it was created, sleeps the idle time after its creation', async () => {
		now = T0 + IDLE_MS - 1;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual([]);
		now = T0 + IDLE_MS;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual(['p-1']);
	});

	it('stays awake while a request is in flight, however long it takes', async () => {
		const endUpload = sleepCycle.beginActivity('p-1');
		now = T0 + 10 * IDLE_MS;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual([]);
		endUpload();
		now += IDLE_MS - 1;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual([]);
		now += 1;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual(['p-1']);
	});

	it('stays awake while a websocket is open, whatever requests come and go beside it', async () => {
		const closeSocket = sleepCycle.beginActivity('p-1');
		now = T0 + 1000;
		const endRequest = sleepCycle.beginActivity('p-1');
		endRequest();
		// Ending the same activity twice must not end the socket's too.
		endRequest();
		now = T0 + 5 * IDLE_MS;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual([]);
		closeSocket();
		now += IDLE_MS;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual(['p-1']);
	});

	it('counts a start as activity from the moment the instance answers, so a slow boot is not idle time', async () => {
		await service.stop('p-1');
		const started = service.start('p-1');
		await waitForStart();
		// The boot takes longer than the idle time.
		now = T0 + 2 * IDLE_MS;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual([]);
		finishStart!();
		await started;
		now += IDLE_MS - 1;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual([]);
		now += 1;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual(['p-1']);
	});

	it('leaves alone instances that are not running or not wanted running', async () => {
		putRunningProject('p-starting');
		statuses.set('p-starting', 'starting');
		putRunningProject('p-suspended');
		store.setDesired('p-suspended', 'suspended');
		now = T0 + 10 * IDLE_MS;
		expect(await sleepCycle.sleepIdle(IDLE_MS)).toEqual(['p-1']);
	});
});

/** service.start runs under the instance's lock, so the supervisor is reached a few ticks later. */
async function waitForStart(): Promise<void> {
	for (let i = 0; i < 10 && !finishStart; i++) await new Promise((resolve) => setImmediate(resolve));
	if (!finishStart) throw new Error('service.start never reached the supervisor');
}

describe('SiteSleepCycle: wake times', () => {
	/** The stand-in supervisor's start is pending until the test finishes it; this waits for the call. */
	async function startCalled(): Promise<() => void> {
		while (!finishStart) await new Promise((resolve) => setImmediate(resolve));
		return finishStart;
	}

	it('records the time from the wake to the instance answering, read from its clock', async () => {
		store.markAsleep('p-1');
		statuses.set('p-1', 'stopped');
		const waking = sleepCycle.wake('p-1');
		const finish = await startCalled();
		now = T0 + 12_500;
		finish();
		expect(await waking).toBe(4000);
		const text = await metrics.registry.metrics();
		expect(text).toContain('epic_instance_wake_seconds_count 1\n');
		expect(text).toContain('epic_instance_wake_seconds_sum 12.5\n');
	});

	it('records nothing for a wake that finds the instance already running', async () => {
		const waking = sleepCycle.wake('p-1');
		now = T0 + 3000;
		(await startCalled())();
		expect(await waking).toBe(4000);
		expect(await metrics.registry.metrics()).toContain('epic_instance_wake_seconds_count 0\n');
	});
});
