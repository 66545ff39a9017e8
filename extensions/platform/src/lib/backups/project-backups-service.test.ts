/**
 * The backups service against a real SQLite database and the in-memory runtime driver, on a clock
 * the test moves: whose project a call may touch, and Back up now's hourly allowance counted from
 * the runtime's own list. With a real runtime: tests/integration/backups-api.test.ts.
 */
import { MANUAL_BACKUPS_PER_HOUR } from '@epic/platform-api';
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaMutex } from '../coordination/replica-mutex.ts';
import { createCoordinationTables } from '../coordination/testing.ts';
import { InMemoryRuntimeDriver } from '../runtime-driver/in-memory-runtime-driver.ts';
import { ManualBackupGuard } from './manual-backup-guard.ts';
import { ProjectBackupsService } from './project-backups-service.ts';

const PROJECT = '0b6c2f5e-8a41-4d3f-9c7e-2a1b3c4d5e6f';
const OWNER = { userId: 'owner-1', staff: false };
const STRANGER = { userId: 'stranger-1', staff: false };
const STAFF = { userId: 'staff-1', staff: true };
const MINUTE = 60_000;

let db: Knex;
let driver: InMemoryRuntimeDriver;
let now: Date;
let consumed: string[];
let service: ProjectBackupsService;

beforeEach(async () => {
	db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
	await db.schema.createTable('projects', (table) => {
		table.string('id').primary();
		table.string('owner');
		table.string('subdomain');
		table.string('status');
	});
	await createCoordinationTables(db);
	await db('projects').insert({ id: PROJECT, owner: OWNER.userId, subdomain: 'blog', status: 'published' });
	now = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
	driver = new InMemoryRuntimeDriver(() => now);
	await driver.ensureInstance({ projectId: PROJECT, subdomain: 'blog', projectName: 'Blog', admin: { email: 'owner@example.com', password: 'a-long-password-1' } });
	consumed = [];
	service = new ProjectBackupsService({
		database: db,
		driver: () => driver,
		guard: new ManualBackupGuard(() => now, new ReplicaMutex(db)),
		actionLimits: () => ({ consume: async (action: string) => void consumed.push(action) }),
		logger: { warn: () => {} },
	});
});

afterEach(async () => {
	await db.destroy();
});

describe('ProjectBackupsService', () => {
	it("takes the owner's backups up to the hour's allowance, counted from the runtime's list, and again an hour later", async () => {
		for (let taken = 0; taken < MANUAL_BACKUPS_PER_HOUR; taken++) {
			now = new Date(now.getTime() + MINUTE);
			expect(await service.create(OWNER, PROJECT)).toMatchObject({ kind: 'manual' });
		}
		now = new Date(now.getTime() + MINUTE);
		await expect(service.create(OWNER, PROJECT)).rejects.toMatchObject({ code: 'BACKUP_LIMIT_REACHED', status: 429 });
		expect(await service.list(OWNER, PROJECT)).toHaveLength(MANUAL_BACKUPS_PER_HOUR);

		now = new Date(now.getTime() + 60 * MINUTE);
		expect(await service.create(OWNER, PROJECT)).toMatchObject({ kind: 'manual' });
		const listed = await service.list(OWNER, PROJECT);
		expect(listed).toHaveLength(MANUAL_BACKUPS_PER_HOUR + 1);
		// Newest first, as the runtime lists them.
		expect(listed.map((backup) => backup.created_at)).toEqual([...listed.map((backup) => backup.created_at)].sort().reverse());
	});

	it('answers another customer as for a missing project, asks the runtime nothing, and lets staff in', async () => {
		for (const call of [() => service.list(STRANGER, PROJECT), () => service.create(STRANGER, PROJECT), () => service.restore(STRANGER, PROJECT, '20261127T120000000Z-0a1b2c3d')]) {
			await expect(call()).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND', status: 404 });
		}
		await expect(service.list(OWNER, 'not-a-project-id')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
		expect(driver.calls.filter((call) => call !== `ensureInstance ${PROJECT}`)).toEqual([]);
		expect(consumed).toEqual([]);

		expect(await service.list(STAFF, PROJECT)).toEqual([]);
	});
});
