import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeState } from './instance-record.ts';
import { projectRecordFixture } from './project-record.fixture.ts';
import { StateStore } from './state-store.ts';

let dataDir: string;
let store: StateStore;
let changes: number;

/** What a runtime started after this one would read. */
function onDisk(id: string) {
	return (JSON.parse(readFileSync(path.join(dataDir, 'state.json'), 'utf8')) as RuntimeState).instances[id];
}

beforeEach(() => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'state-store-'));
	store = new StateStore(dataDir, '12.4.0');
	store.put(projectRecordFixture('p-1', path.join(dataDir, 'p-1'), { port: 4100, pid: 4242, startedWithUrl: 'http://p-1.test' }));
	changes = 0;
	store.onChange(() => changes++);
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('StateStore: the spec, written by the instance service', () => {
	it('sets what the instance should do and wakes it, with the subdomain and limits of a project start', () => {
		store.markAsleep('p-1', '2030-01-01T00:00:00.000Z');
		const resources = { memoryMb: 512, cpuShares: 512 };

		store.setDesired('p-1', 'running', { subdomain: 'renamed', resources });

		expect(onDisk('p-1')).toMatchObject({ desired: 'running', asleep: false, subdomain: 'renamed', resources, lastRequestAt: '2030-01-01T00:00:00.000Z' });
		store.setDesired('p-1', 'suspended');
		expect(onDisk('p-1')).toMatchObject({ desired: 'suspended', asleep: false, subdomain: 'renamed', resources });
	});

	it('keeps the last request when a job puts a site to sleep without one, and does not write to wake an awake one', () => {
		store.markAsleep('p-1', '2030-01-01T00:00:00.000Z');
		store.markAsleep('p-1');
		expect(onDisk('p-1')).toMatchObject({ asleep: true, lastRequestAt: '2030-01-01T00:00:00.000Z' });

		store.markAwake('p-1');
		const written = changes;
		store.markAwake('p-1');

		expect(onDisk('p-1')!.asleep).toBe(false);
		expect(changes).toBe(written);
	});

	it('stores domains and origins once each', () => {
		store.setDomains('p-1', ['a.example', 'a.example', 'b.example']);
		store.setCorsOrigins('p-1', ['https://app.example', 'https://app.example']);

		expect(onDisk('p-1')).toMatchObject({ domains: ['a.example', 'b.example'], corsOrigins: ['https://app.example'] });
	});

	it('records an upgrade: a failure keeps the version, a success clears the failure', () => {
		const failure = { toVersion: '12.5.0', error: 'migration failed', at: '2030-01-01T00:00:00.000Z' };
		store.setRollbackBackup('p-1', 'b-1');
		store.recordUpgradeFailure('p-1', failure);
		expect(onDisk('p-1')).toMatchObject({ directusVersion: '12.4.0', upgradeFailure: failure, rollbackBackupId: 'b-1' });

		store.recordUpgraded('p-1', '12.5.0');
		store.setRollbackBackup('p-1', null);
		expect(onDisk('p-1')).toMatchObject({ directusVersion: '12.5.0', upgradeFailure: null, rollbackBackupId: null });

		store.recordDirectusVersion('p-1', '12.4.0');
		expect(onDisk('p-1')!.directusVersion).toBe('12.4.0');
	});

	it('answers a write to a record that is not there with an error naming it, and changes nothing', () => {
		expect(() => store.setDesired('p-gone', 'running')).toThrow('No instance p-gone in the runtime state');
		expect(onDisk('p-gone')).toBeUndefined();
		expect(changes).toBe(0);
	});
});

describe('StateStore: the process observation, written by the supervisor', () => {
	it('records a started process in one write, and another pid for the same site', () => {
		store.recordProcess('p-1', { port: 4200, pid: 5000, startedWithUrl: 'https://p-1.example' });
		expect(changes).toBe(1);
		expect(onDisk('p-1')).toMatchObject({ port: 4200, pid: 5000, startedWithUrl: 'https://p-1.example' });

		store.recordPid('p-1', 5001);
		expect(onDisk('p-1')).toMatchObject({ port: 4200, pid: 5001 });
	});

	it('clears the pid once, and is quiet about a record that a delete took away meanwhile (exit events run late)', () => {
		store.recordNoProcess('p-1');
		store.recordNoProcess('p-1');
		expect(onDisk('p-1')!.pid).toBeNull();
		expect(changes).toBe(1);

		store.remove('p-1');
		expect(() => store.recordNoProcess('p-1')).not.toThrow();
		expect(changes).toBe(2);
	});

	it('leaves the spec alone', () => {
		store.setDesired('p-1', 'stopped');
		store.recordProcess('p-1', { port: 4300, pid: 6000, startedWithUrl: null });

		expect(onDisk('p-1')).toMatchObject({ desired: 'stopped', subdomain: 'p-1', phase: 'ready' });
	});
});
