/**
 * The back office's sync against a real SQLite database (the columns it reads and writes, as
 * Directus stores them there) and the in-memory runtime driver, on a clock the test moves: what
 * Studio shows of each site is copied once and only when it changed, requests per day land by id,
 * and an owner is told once of a site past its emails per hour. With a real runtime and Studio:
 * tests/integration/staff-back-office.test.ts.
 */
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewNotification } from '../../notifications/notify.ts';
import { InMemoryRuntimeDriver } from '../../runtime-driver/in-memory-runtime-driver.ts';
import { DAILY_REQUESTS, InstanceSync } from './instance-sync.ts';

const T0 = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
const TODAY = '2026-11-27';
const MIB = 1024 * 1024;

let now: Date;
let db: Knex;
let driver: InMemoryRuntimeDriver;
let notices: NewNotification[];
let errors: string[];
let sync: InstanceSync;

async function provision(id: string, owner: string): Promise<void> {
	await db('projects').insert({ id, owner, name: `Site ${id}` });
	await driver.ensureInstance({ projectId: id, projectName: `Site ${id}`, subdomain: id, admin: { email: `admin@${id}.test`, password: 'x'.repeat(24) } });
}

beforeEach(async () => {
	now = T0;
	db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
	await db.schema.createTable('projects', (table) => {
		table.string('id').primary();
		table.string('owner').nullable();
		table.string('name');
		table.string('instance_state').nullable();
		table.bigInteger('last_request_at').nullable();
		table.integer('restarts').nullable();
		table.string('directus_version').nullable();
		table.text('upgrade_failure').nullable();
		table.float('storage_used_mb').nullable();
		table.float('storage_quota_mb').nullable();
		table.bigInteger('storage_measured_at').nullable();
		table.bigInteger('mail_limit_reached_at').nullable();
	});
	await db.schema.createTable(DAILY_REQUESTS, (table) => {
		table.string('id').primary();
		table.string('project');
		table.bigInteger('day');
		table.integer('requests');
	});
	driver = new InMemoryRuntimeDriver(() => now);
	notices = [];
	errors = [];
	sync = new InstanceSync({
		database: db,
		driver,
		now: () => now,
		logger: { error: (message) => errors.push(message) },
		notify: async (notification) => {
			notices.push(notification);
		},
	});
	await provision('p-1', 'owner-1');
	await provision('p-2', 'owner-2');
});

afterEach(() => db.destroy());

describe('InstanceSync', () => {
	it("copies each site's state, last request, restarts, version and upgrade failure, then writes nothing while they stay the same", async () => {
		const lastRequest = new Date(T0.getTime() - 60_000).toISOString();
		driver.observe('p-1', { lastRequestAt: lastRequest, restarts: 2, upgradeFailure: { toVersion: '12.5.0', error: 'migration failed', at: lastRequest } });
		await driver.stopInstance('p-2');

		const first = await sync.run();

		expect(first).toMatchObject({ projectsChanged: 2, failed: 0 });
		expect(await db('projects').select('id', 'instance_state', 'last_request_at', 'restarts', 'directus_version', 'upgrade_failure').orderBy('id')).toEqual([
			{
				id: 'p-1',
				instance_state: 'running',
				last_request_at: Date.parse(lastRequest),
				restarts: 2,
				directus_version: '12.4.0',
				upgrade_failure: `Upgrade to Directus 12.5.0 failed at ${lastRequest}: migration failed`,
			},
			{ id: 'p-2', instance_state: 'stopped', last_request_at: null, restarts: 0, directus_version: '12.4.0', upgrade_failure: null },
		]);
		now = new Date(T0.getTime() + 60_000);
		expect(await sync.run()).toMatchObject({ projectsChanged: 0, dailyRowsWritten: 0, failed: 0 });
		await driver.startInstance('p-2');
		expect(await sync.run()).toMatchObject({ projectsChanged: 1 });
		expect(await db('projects').where({ id: 'p-2' }).first('instance_state')).toEqual({ instance_state: 'running' });
	});

	it('clears the state of a project whose site the runtime no longer has, keeping what it last showed', async () => {
		driver.observe('p-1', { restarts: 3 });
		await sync.run();
		await driver.deleteInstance('p-1');

		await sync.run();

		expect(await db('projects').where({ id: 'p-1' }).first('instance_state', 'restarts')).toEqual({ instance_state: null, restarts: 3 });
	});

	it("reads the dashboard's 30 days on the first run and from yesterday after, writing each day's count by id and only when it changed", async () => {
		driver.countRequests('p-1', '2026-10-29', 5);
		driver.countRequests('p-1', TODAY, 40);
		driver.countRequests('pool-1', TODAY, 7);

		expect((await sync.run()).dailyRowsWritten).toBe(2);
		driver.countRequests('p-1', TODAY, 41);
		expect((await sync.run()).dailyRowsWritten).toBe(1);
		expect(await sync.run()).toMatchObject({ dailyRowsWritten: 0 });

		expect(driver.calls.filter((call) => call.startsWith('usage'))).toEqual(['usage * from 2026-10-29', 'usage * from 2026-11-26', 'usage * from 2026-11-26']);
		expect(await db(DAILY_REQUESTS).select('id', 'project', 'requests').orderBy('id')).toEqual([
			{ id: '2026-10-29_p-1', project: 'p-1', requests: 5 },
			{ id: `${TODAY}_p-1`, project: 'p-1', requests: 41 },
		]);
	});

	it("measures each site's storage, then again only once the interval has passed", async () => {
		driver.observe('p-1', { diskBytes: 30 * MIB, resources: { storageQuotaMb: 1024 } });
		driver.observe('p-2', { diskBytes: 5 * MIB });

		expect((await sync.run()).storageMeasured).toBe(2);
		driver.observe('p-1', { diskBytes: 31 * MIB });
		now = new Date(T0.getTime() + 60_000);
		expect((await sync.run()).storageMeasured).toBe(0);
		now = new Date(T0.getTime() + 5 * 60_000);
		expect((await sync.run()).storageMeasured).toBe(2);

		expect(await db('projects').select('id', 'storage_used_mb', 'storage_quota_mb', 'storage_measured_at').orderBy('id')).toEqual([
			{ id: 'p-1', storage_used_mb: 31, storage_quota_mb: 1024, storage_measured_at: now.getTime() },
			{ id: 'p-2', storage_used_mb: 5, storage_quota_mb: null, storage_measured_at: now.getTime() },
		]);
	});

	it("tells a site's owner once that it reached its emails per hour, and again for a later hour's refusal", async () => {
		const refusedAt = T0.toISOString();
		driver.observe('p-1', { mail: { sentThisHour: 200, limitPerHour: 200, limitReachedAt: refusedAt } });

		await sync.run();
		await sync.run();
		expect(notices).toEqual([{ user: 'owner-1', kind: 'site_mail_limit', project: 'p-1', params: { project_name: 'Site p-1', limit_per_hour: 200 } }]);

		driver.observe('p-1', { mail: { sentThisHour: 200, limitPerHour: 200, limitReachedAt: '2026-11-27T13:10:00.000Z' } });
		expect((await sync.run()).mailLimitsNoticed).toBe(1);
		expect(notices).toHaveLength(2);
	});

	it('fails the run when the runtime does not answer, writing nothing', async () => {
		driver.failNext('listInstances', new Error('connect ECONNREFUSED 127.0.0.1:8056'));

		await expect(sync.run()).rejects.toThrow('ECONNREFUSED');

		expect(await db('projects').whereNotNull('instance_state').count({ n: '*' })).toEqual([{ n: 0 }]);
		expect(await db(DAILY_REQUESTS).count({ n: '*' })).toEqual([{ n: 0 }]);
	});
});
