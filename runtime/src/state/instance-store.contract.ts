/**
 * What every persistence of the instance records must do, run against each (the state file in
 * state-store.test.ts, PostgreSQL in tests/runtime/postgres-state-store.test.ts): each write is
 * kept as the store said before its method returns, and a refused write changes nothing.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InstanceRecord } from './instance-record.ts';
import { projectRecordFixture } from './project-record.fixture.ts';
import type { StateStore } from './state-store.ts';

export interface StoreUnderTest {
	name: string;
	/** A store on empty records. */
	open(): Promise<StateStore>;
	/** What a runtime started after this one would read of `id`. */
	persisted(id: string): Promise<InstanceRecord | undefined>;
	/** After each test: the store closed, its records gone. */
	cleanUp(store: StateStore): Promise<void>;
}

export function instanceStoreContract(backend: StoreUnderTest): void {
	let store: StateStore;
	let changes: number;
	const persisted = (id: string) => backend.persisted(id);

	beforeEach(async () => {
		store = await backend.open();
		store.put(projectRecordFixture('p-1', path.join('/data', 'p-1'), { port: 4100, pid: 4242, startedWithUrl: 'http://p-1.test' }));
		changes = 0;
		store.onChange(() => changes++);
	});

	afterEach(() => backend.cleanUp(store));

	describe(`${backend.name}: the spec, written by the instance service`, () => {
		it('sets what the instance should do and wakes it, with the subdomain and limits of a project start', async () => {
			store.markAsleep('p-1', '2030-01-01T00:00:00.000Z');
			const resources = { memoryMb: 512, cpuShares: 512 };

			store.setDesired('p-1', 'running', { subdomain: 'renamed', resources });

			expect(await persisted('p-1')).toMatchObject({ desired: 'running', asleep: false, subdomain: 'renamed', resources, lastRequestAt: '2030-01-01T00:00:00.000Z' });
			store.setDesired('p-1', 'suspended');
			expect(await persisted('p-1')).toMatchObject({ desired: 'suspended', asleep: false, subdomain: 'renamed', resources });
		});

		it('keeps the last request when a job puts a site to sleep without one, and does not write to wake an awake one', async () => {
			store.markAsleep('p-1', '2030-01-01T00:00:00.000Z');
			store.markAsleep('p-1');
			expect(await persisted('p-1')).toMatchObject({ asleep: true, lastRequestAt: '2030-01-01T00:00:00.000Z' });

			store.markAwake('p-1');
			const written = changes;
			store.markAwake('p-1');

			expect((await persisted('p-1'))!.asleep).toBe(false);
			expect(changes).toBe(written);
		});

		it('stores domains and origins once each', async () => {
			store.setDomains('p-1', ['a.example', 'a.example', 'b.example']);
			store.setCorsOrigins('p-1', ['https://app.example', 'https://app.example']);

			expect(await persisted('p-1')).toMatchObject({ domains: ['a.example', 'b.example'], corsOrigins: ['https://app.example'] });
		});

		it('records an upgrade: a failure keeps the version, a success clears the failure', async () => {
			const failure = { toVersion: '12.5.0', error: 'migration failed', at: '2030-01-01T00:00:00.000Z' };
			store.setRollbackBackup('p-1', 'b-1');
			store.recordUpgradeFailure('p-1', failure);
			expect(await persisted('p-1')).toMatchObject({ directusVersion: '12.4.0', upgradeFailure: failure, rollbackBackupId: 'b-1' });

			store.recordUpgraded('p-1', '12.5.0');
			store.setRollbackBackup('p-1', null);
			expect(await persisted('p-1')).toMatchObject({ directusVersion: '12.5.0', upgradeFailure: null, rollbackBackupId: null });

			store.recordDirectusVersion('p-1', '12.4.0');
			expect((await persisted('p-1'))!.directusVersion).toBe('12.4.0');
		});

		it('answers a write to a record that is not there with an error naming it, and changes nothing', async () => {
			expect(() => store.setDesired('p-gone', 'running')).toThrow('No instance p-gone in the runtime state');
			expect(await persisted('p-gone')).toBeUndefined();
			expect(changes).toBe(0);
		});
	});

	describe(`${backend.name}: the process observation, written by the supervisor`, () => {
		it('records a started process in one write, and another pid for the same site', async () => {
			store.recordProcess('p-1', { port: 4200, pid: 5000, startedWithUrl: 'https://p-1.example' });
			expect(changes).toBe(1);
			expect(await persisted('p-1')).toMatchObject({ port: 4200, pid: 5000, startedWithUrl: 'https://p-1.example' });

			store.recordPid('p-1', 5001);
			expect(await persisted('p-1')).toMatchObject({ port: 4200, pid: 5001 });
		});

		it('clears the pid once, and is quiet about a record that a delete took away meanwhile (exit events run late)', async () => {
			store.recordNoProcess('p-1');
			store.recordNoProcess('p-1');
			expect((await persisted('p-1'))!.pid).toBeNull();
			expect(changes).toBe(1);

			store.remove('p-1');
			expect(() => store.recordNoProcess('p-1')).not.toThrow();
			expect(changes).toBe(2);
		});

		it('leaves the spec alone', async () => {
			store.setDesired('p-1', 'stopped');
			store.recordProcess('p-1', { port: 4300, pid: 6000, startedWithUrl: null });

			expect(await persisted('p-1')).toMatchObject({ desired: 'stopped', subdomain: 'p-1', phase: 'ready' });
		});
	});

	describe(`${backend.name}: whole records`, () => {
		it('keeps every field of a record, its credentials included', async () => {
			expect(await persisted('p-1')).toEqual(store.get('p-1'));
			expect(await persisted('p-1')).toMatchObject({ key: 'key', secret: 'secret', port: 4100, pid: 4242 });
		});

		it('hands a pool member to a project in one write: the old id gone, the new one with its credentials', async () => {
			store.put(projectRecordFixture('pool-1', '/data/pool-1', { kind: 'pool', key: 'pool-key', secret: 'pool-secret' }));

			store.rename('pool-1', { ...store.get('pool-1')!, id: 'p-2', kind: 'project' });

			expect(store.get('pool-1')).toBeUndefined();
			expect(await persisted('pool-1')).toBeUndefined();
			expect(await persisted('p-2')).toMatchObject({ id: 'p-2', kind: 'project', key: 'pool-key', secret: 'pool-secret', dir: '/data/pool-1' });
		});

		it('removes a record', async () => {
			store.remove('p-1');

			expect(store.all()).toEqual([]);
			expect(await persisted('p-1')).toBeUndefined();
		});
	});
}
