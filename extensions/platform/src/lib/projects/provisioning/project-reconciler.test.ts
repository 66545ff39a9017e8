/**
 * The reconciler against a real SQLite database (the columns it reads and writes, as Directus
 * stores them there) and the in-memory runtime driver, on a fixed clock: provisioning's steps and
 * outcome, and sites kept in line with their owner's subscription. End to end with a real runtime:
 * tests/integration/provisioning.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { ProjectStep } from '@epic/platform-api';
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerEffect } from '../../coordination/customer-effects.ts';
import { Outbox } from '../../coordination/outbox.ts';
import { createCoordinationTables } from '../../coordination/testing.ts';
import type { NewNotification } from '../../notifications/notify.ts';
import { owedNotifications } from '../../notifications/owed-notifications.ts';
import { InMemoryRuntimeDriver } from '../../runtime-driver/in-memory-runtime-driver.ts';
import { CredentialsCipher } from '../credentials/credentials-cipher.ts';
import { ProjectLicence } from '../licence/project-licence.ts';
import { siteAddressFrom } from '../project-serializer.ts';
import { ProjectReconciler } from './project-reconciler.ts';
import { ProvisioningLease } from './provisioning-lease.ts';
import { SiteCertificates } from './site-certificates.ts';

const NOW = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
const OWNER = 'owner-1';

let db: Knex;
let driver: InMemoryRuntimeDriver;
let cipher: CredentialsCipher;
let notices: NewNotification[];
let reconciler: ProjectReconciler;

beforeEach(async () => {
	db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
	await db.schema.createTable('projects', (table) => {
		table.string('id').primary();
		table.string('owner').nullable();
		table.string('name');
		table.string('subdomain');
		table.string('status');
		table.string('admin_email').nullable();
		table.text('admin_password').nullable();
		table.text('steps').nullable();
		table.string('failure_reason').nullable();
		table.string('domain').nullable();
		table.bigInteger('domain_verified_at').nullable();
		table.text('cors_origins').nullable();
		table.string('copy_of').nullable();
		table.string('copy_backup').nullable();
		table.string('template').nullable();
		table.string('suspended_by').nullable();
		table.text('licence_key').nullable();
		table.boolean('licence_key_pending').defaultTo(false);
		table.string('provisioning_lease_owner').nullable();
		table.bigInteger('provisioning_lease_until').nullable();
		table.timestamp('date_updated').nullable();
	});
	await db.schema.createTable('subscription_plans', (table) => {
		table.string('id').primary();
		table.integer('site_memory_mb').nullable();
		table.integer('site_cpu_shares').nullable();
		table.integer('site_upload_max_mb').nullable();
		table.integer('site_storage_quota_mb').nullable();
		table.integer('site_mail_per_hour').nullable();
	});
	await db.schema.createTable('user_subscriptions', (table) => {
		table.string('id').primary();
		table.string('user').nullable();
		table.string('plan').nullable();
		table.string('status');
		table.bigInteger('date_created');
	});
	await createCoordinationTables(db);
	await db('subscription_plans').insert({ id: 'pro', site_memory_mb: 512, site_cpu_shares: 1024, site_upload_max_mb: 200, site_storage_quota_mb: 5120, site_mail_per_hour: 200 });

	driver = new InMemoryRuntimeDriver(() => NOW);
	cipher = new CredentialsCipher(randomBytes(32).toString('base64url'));
	notices = [];
	const logger = { info: () => {}, warn: () => {}, error: () => {} };
	reconciler = new ProjectReconciler({
		database: db,
		driver,
		cipher,
		licence: new ProjectLicence({ database: db, driver, cipher, logger }),
		lease: new ProvisioningLease(db, 'test-process', 30_000),
		address: siteAddressFrom('http://localhost:8055', 'localhost'),
		certificates: new SiteCertificates({ database: db, check: null, now: () => NOW, logger }),
		now: () => NOW,
		logger,
		// The real outbox, on the test's database: recorded with the outcome, then delivered here.
		notices: owedNotifications(
			new Outbox<CustomerEffect>({
				database: db,
				deliver: async (effect) => {
					if (effect.type === 'notification') notices.push(effect.notification);
				},
				logger,
			}),
		),
	});
});

afterEach(async () => {
	await db.destroy();
});

async function draft(id: string, extra: Record<string, unknown> = {}): Promise<void> {
	await db('projects').insert({ id, owner: OWNER, name: `Site ${id}`, subdomain: `site-${id}`, status: 'draft', admin_email: 'owner@example.com', steps: '[]', ...extra });
}

async function subscribe(status: string): Promise<void> {
	await db('user_subscriptions').insert({ id: `sub-${status}`, user: OWNER, plan: 'pro', status, date_created: NOW.getTime() });
}

const row = (id: string) => db('projects').where({ id }).first();
const stepStates = (steps: string) => (JSON.parse(steps) as ProjectStep[]).map((step) => [step.name, step.state]);

describe('ProjectReconciler', () => {
	it("provisions a draft: the site on its plan's limits with the stored password, origins given, steps recorded, the owner told", async () => {
		await subscribe('active');
		await draft('p1', { cors_origins: JSON.stringify(['https://www.example.com']), template: 'blog' });

		await reconciler.reconcile('p1');

		const project = await row('p1');
		expect(project.status).toBe('published');
		expect(stepStates(project.steps)).toEqual([
			['infrastructure', 'complete'],
			['database', 'complete'],
			['domain', 'complete'],
			['certificate', 'skipped'],
		]);
		const site = await driver.instanceStatus('p1');
		expect(site).toMatchObject({ subdomain: 'site-p1', corsOrigins: ['https://www.example.com'], resources: { memoryMb: 512, mailPerHour: 200 } });
		expect(driver.templates.get('p1')).toEqual(['blog']);
		// The site's admin password is the one stored, encrypted, on the row.
		expect(cipher.decrypt('p1', project.admin_password)).toBe(driver.admins.get('p1')?.password);
		expect(project.provisioning_lease_owner).toBeNull();
		expect(notices).toEqual([{ user: OWNER, kind: 'project_ready', project: 'p1', params: { project_name: 'Site p1' } }]);
		// Recorded under the event's key, so another process that finishes the project finds it told.
		expect(await db('outbox').select('key', 'state')).toEqual([{ key: `project:p1:ready:${NOW.getTime()}`, state: 'sent' }]);
	});

	it('records a failure on the step that was running, with the reason, and tells the owner; a second run finishes it', async () => {
		await draft('p2');
		driver.failNext('ensureInstance', new Error('No free memory for a new site'));

		await reconciler.reconcile('p2');

		const failed = await row('p2');
		expect(failed.status).toBe('failed');
		expect(failed.failure_reason).toBe('No free memory for a new site');
		expect(stepStates(failed.steps).slice(0, 2)).toEqual([
			['infrastructure', 'failed'],
			['database', 'in_progress'],
		]);
		expect(notices.map((notice) => notice.kind)).toEqual(['project_failed']);

		await db('projects').where({ id: 'p2' }).update({ status: 'draft', failure_reason: null });
		await reconciler.reconcile('p2');
		expect((await row('p2')).status).toBe('published');
	});

	it("keeps the owner's sites in line with their subscription: suspended without one, started again with one, staff's left alone", async () => {
		await subscribe('active');
		await draft('p3');
		await draft('p4');
		await reconciler.reconcile('p3');
		await reconciler.reconcile('p4');
		await driver.suspendInstance('p4');
		await db('projects').where({ id: 'p4' }).update({ status: 'suspended', suspended_by: 'staff' });

		await db('user_subscriptions').update({ status: 'canceled' });
		await reconciler.reconcileOwner(OWNER);
		expect(await row('p3')).toMatchObject({ status: 'suspended', suspended_by: 'billing' });
		expect((await driver.instanceStatus('p3'))?.state).toBe('suspended');

		await db('user_subscriptions').update({ status: 'past_due' });
		await reconciler.reconcileSuspensions();
		expect(await row('p3')).toMatchObject({ status: 'published', suspended_by: null });
		expect((await driver.instanceStatus('p3'))?.state).toBe('running');
		expect(await row('p4')).toMatchObject({ status: 'suspended', suspended_by: 'staff' });
		expect((await driver.instanceStatus('p4'))?.state).toBe('suspended');
	});
});
