import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProvisioningLease } from './provisioning-lease.ts';

let db: Knex;
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, seconds));

beforeEach(async () => {
	// A real SQLite database with the lease columns as Directus stores them there (epoch ms).
	db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
	await db.schema.createTable('projects', (table) => {
		table.string('id').primary();
		table.string('provisioning_lease_owner').nullable();
		table.bigInteger('provisioning_lease_until').nullable();
	});
	await db('projects').insert({ id: 'p1' });
});

afterEach(async () => {
	await db.destroy();
});

describe('ProvisioningLease', () => {
	it('lets one process hold a project until its claim expires or it lets go', async () => {
		const first = new ProvisioningLease(db, 'process-a', 30_000);
		const second = new ProvisioningLease(db, 'process-b', 30_000);
		expect(await first.claim('p1', at(0))).toBe(true);
		expect(await second.claim('p1', at(10))).toBe(false);
		// The holder renews its own claim.
		expect(await first.claim('p1', at(20))).toBe(true);
		expect(await second.claim('p1', at(45))).toBe(false);
		// A holder that died: its claim runs out and another takes over.
		expect(await second.claim('p1', at(51))).toBe(true);
		// The old holder cannot let go of a claim it no longer has.
		await first.release('p1');
		expect(await first.claim('p1', at(52))).toBe(false);
		await second.release('p1');
		expect(await first.claim('p1', at(53))).toBe(true);
	});

	it('claims nothing for a project that does not exist', async () => {
		expect(await new ProvisioningLease(db, 'process-a', 30_000).claim('missing', at(0))).toBe(false);
	});
});
