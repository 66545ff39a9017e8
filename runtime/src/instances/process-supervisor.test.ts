import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '../config.ts';
import { RuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { INSTANCE_DIR_VARIABLE, isProcessAlive, RUNTIME_DIR_VARIABLE } from '../processes/process-table.ts';
import { projectRecordFixture } from '../state/project-record.fixture.ts';
import { fileStatePersistence } from '../state/file-state-persistence.ts';
import { StateStore } from '../state/state-store.ts';
import { SqliteDatabases } from '../storage/sqlite-databases.ts';
import { MAX_RESTARTS_IN_A_ROW, ProcessSupervisor } from './process-supervisor.ts';
import { StandInSpawner, StandInProcess } from './stand-in-spawner.ts';

let dataDir: string;
let store: StateStore;
let spawner: StandInSpawner;
let logs: string[];
let supervisor: ProcessSupervisor;
let metrics: RuntimeMetrics;

function putProject(id: string): void {
	const dir = path.join(dataDir, 'instances', id);
	mkdirSync(dir, { recursive: true });
	const record = projectRecordFixture(id, dir);
	store.put(record);
}

beforeEach(() => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'process-supervisor-'));
	const config = loadRuntimeConfig({ RUNTIME_SECRET: 'x'.repeat(40), RUNTIME_DATA_DIR: dataDir }, '/');
	store = new StateStore(fileStatePersistence(dataDir), '12.4.0');
	spawner = new StandInSpawner();
	logs = [];
	metrics = new RuntimeMetrics(new Registry());
	supervisor = new ProcessSupervisor(config, store, new SqliteDatabases(dataDir, 'test', config.siteMigrationsDir), (message) => logs.push(message), spawner, metrics);
	putProject('p-1');
});

afterEach(async () => {
	await supervisor.stopAll();
	spawner.endAll();
	rmSync(dataDir, { recursive: true, force: true });
});

describe('ProcessSupervisor: a start that fails', () => {
	it('throwing before the process is followed, leaves a state from which the next start tries again', async () => {
		spawner.nextSpawn(() => {
			throw new Error("EISDIR: illegal operation on a directory, open 'directus.log'");
		});
		await expect(supervisor.start('p-1')).rejects.toThrow(/EISDIR/);
		expect(supervisor.status('p-1')).not.toBe('starting');
		expect(supervisor.details('p-1').lastError).toMatch(/EISDIR/);

		const standIn = spawner.nextStandIn();
		await expect(supervisor.start('p-1')).resolves.toBeUndefined();
		expect(supervisor.status('p-1')).toBe('running');
		expect(supervisor.details('p-1').pid).toBe(standIn.pid);
	});

	it('whose process cannot be spawned reports the error event instead of throwing it, and the next start tries again', async () => {
		spawner.nextSpawn(() => spawn(path.join(dataDir, 'no-such-program')));
		await expect(supervisor.start('p-1')).rejects.toThrow(/could not be spawned/);
		// The spawn error is emitted on the next tick; unheard, it would end the process.
		await new Promise((resolve) => setImmediate(resolve));
		expect(logs).toContainEqual(expect.stringMatching(/p-1: process error: spawn .*ENOENT/));

		spawner.nextStandIn();
		await expect(supervisor.start('p-1')).resolves.toBeUndefined();
		expect(supervisor.status('p-1')).toBe('running');
	});

	it('after its process was spawned, ends that process and does not hand its failure to the next start', async () => {
		const first = spawner.nextStandIn();
		spawner.nextAnswer(async () => {
			throw new Error('The instance did not answer within 60000 ms');
		});
		await expect(supervisor.start('p-1')).rejects.toThrow(/did not answer/);
		expect(isProcessAlive(first.pid)).toBe(false);

		const second = spawner.nextStandIn();
		await expect(supervisor.start('p-1')).resolves.toBeUndefined();
		expect(supervisor.details('p-1').pid).toBe(second.pid);
		expect(store.get('p-1')?.pid).toBe(second.pid);
	});

	it('of an adopted process that never answers ends that process and does not hand its failure to the next start', async () => {
		const dir = store.get('p-1')!.dir;
		const adopted = spawner.track(new StandInProcess({ env: { [RUNTIME_DIR_VARIABLE]: dataDir, [INSTANCE_DIR_VARIABLE]: dir } }));
		spawner.nextAnswer(async () => {
			throw new Error('The instance did not answer within 60000 ms');
		});
		supervisor.adopt('p-1', adopted.pid, dir, 4000);
		await expect(supervisor.start('p-1')).rejects.toThrow(/did not answer/);
		expect(isProcessAlive(adopted.pid)).toBe(false);

		const replacement = spawner.nextStandIn();
		await expect(supervisor.start('p-1')).resolves.toBeUndefined();
		expect(supervisor.details('p-1').pid).toBe(replacement.pid);
	});

	it('is tried again by itself after a backoff', async () => {
		spawner.nextSpawn(() => {
			throw new Error('no log file');
		});
		await expect(supervisor.start('p-1')).rejects.toThrow(/no log file/);
		expect(supervisor.status('p-1')).toBe('restarting');
		const retried = spawner.nextStandIn();
		// The first retry comes after half a second.
		await new Promise((resolve) => setTimeout(resolve, 1500));
		expect(supervisor.status('p-1')).toBe('running');
		expect(supervisor.details('p-1').pid).toBe(retried.pid);
	});
});

describe('ProcessSupervisor: a site that cannot stay up', () => {
	it(`is restarted ${MAX_RESTARTS_IN_A_ROW} times in a row, then reported and left stopped until the next start`, async () => {
		await supervisor.stopAll();
		const config = loadRuntimeConfig({ RUNTIME_SECRET: 'x'.repeat(40), RUNTIME_DATA_DIR: dataDir }, '/');
		// Restarts 1 ms apart instead of the backoff's two minutes in all.
		supervisor = new ProcessSupervisor(
			config,
			store,
			new SqliteDatabases(dataDir, 'test', config.siteMigrationsDir),
			(message) => logs.push(message),
			spawner,
			metrics,
			() => 1,
		);
		for (let attempt = 0; attempt <= MAX_RESTARTS_IN_A_ROW; attempt++) {
			spawner.nextSpawn(() => {
				throw new Error('SQLITE_CORRUPT: database disk image is malformed');
			});
		}
		const gaveUp = `it failed ${MAX_RESTARTS_IN_A_ROW + 1} times in a row, so it is not restarted by itself until a request or a start`;
		await expect(supervisor.start('p-1')).rejects.toThrow(/SQLITE_CORRUPT/);
		const deadline = Date.now() + 10_000;
		while (!logs.some((line) => line.includes(gaveUp)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));

		expect(logs.filter((line) => line.includes('restarting in 1 ms'))).toHaveLength(MAX_RESTARTS_IN_A_ROW);
		expect(logs.filter((line) => line.includes(gaveUp))).toHaveLength(1);
		expect(supervisor.status('p-1')).toBe('stopped');
		expect(supervisor.details('p-1')).toMatchObject({ restarts: MAX_RESTARTS_IN_A_ROW, lastError: expect.stringContaining(gaveUp) });
		// Nothing is left scheduled: no spawn is asked for (the spawner would throw, none is lined up).
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(supervisor.status('p-1')).toBe('stopped');

		// A request or a start tries once more.
		const standIn = spawner.nextStandIn();
		await supervisor.start('p-1');
		expect(supervisor.status('p-1')).toBe('running');
		expect(supervisor.details('p-1')).toMatchObject({ pid: standIn.pid, lastError: null });
	});
});

describe('ProcessSupervisor: exits', () => {
	it('a stopped process whose exit arrives while its replacement starts leaves the replacement tracked', async () => {
		const old = spawner.nextStandIn({ holdExit: true });
		await supervisor.start('p-1');
		await supervisor.stop('p-1');
		await old.exited();

		const replacement = spawner.nextStandIn();
		spawner.nextAnswer(async (isAlive) => {
			old.deliverExit();
			if (!isAlive()) throw new Error('The Directus process exited while starting');
		});
		await expect(supervisor.start('p-1')).resolves.toBeUndefined();
		expect(supervisor.status('p-1')).toBe('running');
		expect(supervisor.details('p-1')).toMatchObject({ pid: replacement.pid, restarts: 0 });
		expect(isProcessAlive(replacement.pid)).toBe(true);
	});

	it('a crash is counted as a restart in the metrics, as in the status', async () => {
		const standIn = spawner.nextStandIn({ holdExit: true });
		await supervisor.start('p-1');
		expect(await metrics.registry.metrics()).toContain('epic_instance_restarts_total 0\n');
		standIn.kill('SIGKILL');
		await standIn.exited();
		standIn.deliverExit();

		expect(supervisor.status('p-1')).toBe('restarting');
		expect(supervisor.details('p-1').restarts).toBe(1);
		expect(await metrics.registry.metrics()).toContain('epic_instance_restarts_total 1\n');
	});

	it('an exit whose state write fails is logged, not thrown out of the exit event', async () => {
		const standIn = spawner.nextStandIn({ holdExit: true });
		await supervisor.start('p-1');
		standIn.kill('SIGKILL');
		await standIn.exited();
		// A folder where the state file goes: every state write now fails.
		rmSync(path.join(dataDir, 'state.json'));
		mkdirSync(path.join(dataDir, 'state.json'));

		expect(() => standIn.deliverExit()).not.toThrow();
		expect(logs).toContainEqual(expect.stringMatching(/could not clear its pid in the state: .*EISDIR/));
		expect(supervisor.status('p-1')).toBe('restarting');
		rmSync(path.join(dataDir, 'state.json'), { recursive: true });
	});
});

describe('ProcessSupervisor: a stop', () => {
	it("gives the process the spawner's grace after SIGTERM, and kills it once that is over", async () => {
		spawner.stopGraceMs = 10_000;
		const patient = spawner.nextStandIn({ secondsToStop: 1 });
		await supervisor.start('p-1');
		await patient.trapSet();
		await supervisor.stop('p-1');
		expect([patient.exitCode, patient.signalCode]).toEqual([0, null]);

		spawner.stopGraceMs = 200;
		const cut = spawner.nextStandIn({ secondsToStop: 1 });
		await supervisor.start('p-1');
		await cut.trapSet();
		await supervisor.stop('p-1');
		await cut.exited();
		expect([cut.exitCode, cut.signalCode]).toEqual([null, 'SIGKILL']);
		expect(supervisor.status('p-1')).toBe('stopped');
	});
});

describe('ProcessSupervisor: released (a runtime handing its sites to the next one)', () => {
	it('leaves the process running and its record as it was, acts on no exit after, and starts nothing', async () => {
		const handedOver = spawner.nextStandIn();
		await supervisor.start('p-1');
		supervisor.release();
		expect(isProcessAlive(handedOver.pid)).toBe(true);
		expect(store.get('p-1')?.pid).toBe(handedOver.pid);

		// Its end (the runtime's container gone) is no crash of this runtime's: no restart, no write.
		const wouldRestart = spawner.nextStandIn();
		const logged = logs.length;
		handedOver.kill('SIGKILL');
		await handedOver.exited();
		// Past the first restart's backoff (half a second).
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect(logs.slice(logged)).toEqual([]);
		expect(store.get('p-1')?.pid).toBe(handedOver.pid);
		expect(spawner.spawn()).toBe(wouldRestart.asChild());
		await expect(supervisor.start('p-1')).rejects.toThrow('The runtime is shutting down');
	});
});

describe('ProcessSupervisor: a relaunch with a new site URL (a custom domain verified)', () => {
	/** Starts p-1, then gives it a custom domain, so its URL is no longer the one it was started with. */
	async function runningWithNewDomain(): Promise<StandInProcess> {
		const first = spawner.nextStandIn();
		await supervisor.start('p-1');
		store.setDomains('p-1', ['www.example.com']);
		return first;
	}

	it('boots the new process beside the old one, and ends the old one once the new one answers', async () => {
		const first = await runningWithNewDomain();
		const second = spawner.nextStandIn();
		let firstAliveWhileSecondBooted = false;
		spawner.nextAnswer(async () => {
			firstAliveWhileSecondBooted = isProcessAlive(first.pid);
		});
		await supervisor.relaunch('p-1');
		expect(firstAliveWhileSecondBooted).toBe(true);
		await first.exited();
		expect(supervisor.details('p-1')).toMatchObject({ pid: second.pid, restarts: 0 });
		expect(store.get('p-1')?.startedWithUrl).toMatch(/^http:\/\/www\.example\.com/);
	});

	it('of a site that cannot run beside itself (a swarm site) stops the old process before the new one starts, as no crash', async () => {
		spawner.oneAtATime = true;
		const first = await runningWithNewDomain();
		let firstAliveAtSecondSpawn: boolean | null = null;
		const second = spawner.track(new StandInProcess());
		spawner.nextSpawn(() => {
			firstAliveAtSecondSpawn = isProcessAlive(first.pid);
			return second.asChild();
		});
		await supervisor.relaunch('p-1');
		expect(firstAliveAtSecondSpawn).toBe(false);
		expect(supervisor.status('p-1')).toBe('running');
		expect(supervisor.details('p-1')).toMatchObject({ pid: second.pid, restarts: 0 });
		expect(store.get('p-1')?.startedWithUrl).toMatch(/^http:\/\/www\.example\.com/);
	});
});
