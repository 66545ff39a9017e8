/**
 * Domain routing against a real SQLite database and the in-memory runtime driver, with DNS
 * answered by the test (per domain, the proof value that must be there) and a clock the test moves:
 * routing on proof, the prover evicting another claim, and a routed domain dropped only after a
 * day of failed re-checks. Against real DNS and a real runtime: tests/integration/dns-verify.test.ts
 * and tests/integration/provisioning.test.ts.
 */
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerEffect } from '../../coordination/customer-effects.ts';
import { Outbox } from '../../coordination/outbox.ts';
import { createCoordinationTables } from '../../coordination/testing.ts';
import type { NewNotification } from '../../notifications/notify.ts';
import { InMemoryRuntimeDriver } from '../../runtime-driver/in-memory-runtime-driver.ts';
import type { DnsVerification } from '../dns-verifier.ts';
import { domainProofValue } from '../ownership/domain-proof.ts';
import { DomainRouting, type UnroutedDomain } from './domain-routing.ts';

const HOUR = 60 * 60 * 1000;
const DOMAIN = 'www.customer.example';

let db: Knex;
let driver: InMemoryRuntimeDriver;
let now: Date;
/** The proof value DNS holds for the domain now; null: the domain points elsewhere. */
let dnsProof: string | null;
let notices: NewNotification[];
let unrouted: UnroutedDomain[];
/** The addresses of the emails delivered. */
let emailed: string[];
let routing: DomainRouting;

beforeEach(async () => {
	db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
	await db.schema.createTable('projects', (table) => {
		table.string('id').primary();
		table.string('owner').nullable();
		table.string('name');
		table.string('status');
		table.string('domain').nullable();
		table.bigInteger('domain_verified_at').nullable();
		table.integer('domain_failures').nullable();
		table.bigInteger('domain_failing_since').nullable();
		table.string('domain_token').nullable();
	});
	await createCoordinationTables(db);
	driver = new InMemoryRuntimeDriver();
	now = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
	dnsProof = null;
	notices = [];
	unrouted = [];
	emailed = [];
	const verify = async (_domain: string, proofValue: string | null): Promise<DnsVerification> =>
		dnsProof !== null && dnsProof === proofValue
			? { verified: true, outcome: 'verified', message: 'verified' }
			: { verified: false, outcome: 'wrong-address', message: 'not pointing here' };
	routing = new DomainRouting({
		database: db,
		driver,
		verify,
		unroutedEmail: async (domain) => {
			unrouted.push(domain);
			return { to: `${domain.owner}@example.com`, email: { subject: `${domain.domain} is no longer connected`, text: 'text', html: '<p>html</p>' } };
		},
		// The real outbox, on the test's database: recorded with the routing change, then delivered here.
		outbox: new Outbox<CustomerEffect>({
			database: db,
			deliver: async (effect) => {
				if (effect.type === 'notification') notices.push(effect.notification);
				else emailed.push(effect.to);
			},
			logger: { error: () => {} },
			now: () => now,
		}),
		now: () => now,
		logger: { info: () => {}, error: () => {} },
	});
});

afterEach(async () => {
	await db.destroy();
});

/** A published project with a site, claiming DOMAIN. */
async function claiming(id: string): Promise<void> {
	await db('projects').insert({ id, owner: `owner-${id}`, name: `Site ${id}`, status: 'published', domain: DOMAIN, domain_failures: 0, domain_token: `token-${id}` });
	await driver.ensureInstance({ projectId: id, subdomain: `site-${id}`, projectName: `Site ${id}`, admin: { email: 'owner@example.com', password: 'a-long-password-1' } });
}

const domainsOf = async (id: string) => (await driver.instanceStatus(id))?.domains;

describe('DomainRouting', () => {
	it("routes a domain once DNS holds its project's proof, and the prover evicts another project's claim", async () => {
		await claiming('a');
		await claiming('b');
		dnsProof = domainProofValue('token-a');

		expect(await routing.recheck()).toMatchObject({ checked: 2, verified: 1, routed: [DOMAIN] });

		expect(await domainsOf('a')).toEqual([DOMAIN]);
		expect(await routing.routedDomainsOf('a')).toEqual([DOMAIN]);
		expect(await db('projects').where({ id: 'b' }).first('domain')).toEqual({ domain: null });
		expect(await domainsOf('b')).toEqual([]);
		expect(notices.map((notice) => [notice.user, notice.kind])).toEqual([
			['owner-b', 'domain_claimed_elsewhere'],
			['owner-a', 'domain_verified'],
		]);
	});

	it('keeps a routed domain through failed re-checks for less than a day, then drops it and tells the owner once', async () => {
		await claiming('a');
		dnsProof = domainProofValue('token-a');
		await routing.recheck();
		dnsProof = null;

		// Checks 6 hours apart: three failures in 12 hours are not yet a day of them.
		const firstFailure = now.getTime() + 6 * HOUR;
		for (const hoursAfterFirst of [0, 6, 12, 23]) {
			now = new Date(firstFailure + hoursAfterFirst * HOUR);
			expect((await routing.recheck()).unrouted, `${hoursAfterFirst} h after the first failure`).toEqual([]);
			expect(await domainsOf('a')).toEqual([DOMAIN]);
		}
		now = new Date(firstFailure + 24 * HOUR);
		expect((await routing.recheck()).unrouted).toEqual([DOMAIN]);

		expect(await domainsOf('a')).toEqual([]);
		expect(await routing.routedDomainsOf('a')).toEqual([]);
		expect(unrouted).toEqual([{ projectId: 'a', projectName: 'Site a', owner: 'owner-a', domain: DOMAIN }]);
		expect(emailed).toEqual(['owner-a@example.com']);
		expect(notices.map((notice) => notice.kind)).toEqual(['domain_verified', 'domain_lost']);

		// Pointing here again: served again, and the owner told again.
		dnsProof = domainProofValue('token-a');
		now = new Date(now.getTime() + HOUR);
		expect((await routing.recheck()).routed).toEqual([DOMAIN]);
		expect(notices.map((notice) => notice.kind)).toEqual(['domain_verified', 'domain_lost', 'domain_verified']);
	});

	it('leaves the route and the row as they were when the runtime cannot be told, so the next check does it again', async () => {
		await claiming('a');
		dnsProof = domainProofValue('token-a');
		driver.failNext('setCustomDomains', new Error('runtime unreachable'));

		expect((await routing.recheck()).routed).toEqual([]);
		expect(await db('projects').where({ id: 'a' }).first('domain_verified_at')).toEqual({ domain_verified_at: null });
		expect(notices).toEqual([]);

		expect((await routing.recheck()).routed).toEqual([DOMAIN]);
		expect(await domainsOf('a')).toEqual([DOMAIN]);
	});
});
