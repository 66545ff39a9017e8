/**
 * The committed snapshot is the schema: after start-up there is nothing left to apply, and the data
 * model keeps its unique constraints (subdomain, provider ids). A custom domain is not one of
 * them: several projects may claim one, and only the one that proves it is served on it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SCHEMA_SNAPSHOT } from '@epic/local-platform/control-plane';
import { adminToken, api, controlPlane } from '../support/api.ts';

/**
 * The snapshot is authored on PostgreSQL, the production database. SQLite cannot store some of its
 * types (uuid, numeric(10,2), timestamptz) and names no foreign-key constraints, so there, and only
 * there, differences in these storage attributes are expected, and so is the `cast-timestamp` flag
 * Directus adds to SQLite timestamps; anything else is a real drift.
 */
const SQLITE_STORAGE_PATHS = new Set(['schema.data_type', 'schema.max_length', 'schema.numeric_precision', 'schema.numeric_scale', 'schema.constraint_name', 'type']);

interface Change {
	kind: string;
	path?: string[];
	lhs?: unknown;
	item?: { lhs?: unknown };
}
interface DiffEntry {
	collection: string;
	field?: string;
	diff: Change[];
}
interface SchemaDiff {
	collections: DiffEntry[];
	fields: DiffEntry[];
	systemFields: DiffEntry[];
	relations: DiffEntry[];
}

function isSqliteTimestampCast(change: Change): boolean {
	const removed = change.kind === 'A' ? [change.item?.lhs] : change.lhs;
	return Array.isArray(removed) && removed.every((flag) => flag === 'cast-timestamp');
}

function driftBeyondSqliteStorage(diff: SchemaDiff): string[] {
	const drift: string[] = [];
	for (const [kind, entries] of Object.entries(diff)) {
		for (const entry of entries as DiffEntry[]) {
			for (const change of entry.diff) {
				const path = (change.path ?? []).join('.');
				if (change.kind === 'E' && SQLITE_STORAGE_PATHS.has(path)) continue;
				if (path === 'meta.special' && isSqliteTimestampCast(change)) continue;
				drift.push(`${kind} ${entry.collection}.${entry.field ?? ''} ${JSON.stringify(change)}`);
			}
		}
	}
	return drift;
}

describe('schema snapshot', () => {
	it('matches the running database: nothing in the committed file is left to apply', async () => {
		const snapshot = parse(readFileSync(SCHEMA_SNAPSHOT, 'utf8'));
		expect(snapshot.vendor).toBe('postgres');
		const admin = await adminToken();
		// `force` lets the PostgreSQL-made snapshot be compared with SQLite too.
		const response = await api<{ data: { diff: SchemaDiff } }>('POST', '/schema/diff?force=true', { token: admin, body: snapshot });
		if (controlPlane().db === 'pg') {
			expect(response.status, JSON.stringify(response.body)).toBe(204);
		} else {
			expect([200, 204]).toContain(response.status);
			if (response.status === 200) expect(driftBeyondSqliteStorage(response.body.data.diff)).toEqual([]);
		}
	});

	it('declares the platform collections with their Studio metadata', async () => {
		const admin = await adminToken();
		const collections = await api<{ data: { collection: string; meta: { icon: string; note: string } }[] }>('GET', '/collections', { token: admin });
		expect(collections.status).toBe(200);
		const ours = collections.body.data.filter((entry) => PLATFORM_COLLECTIONS.includes(entry.collection));
		expect(ours.map((entry) => entry.collection).sort()).toEqual([...PLATFORM_COLLECTIONS].sort());
		for (const entry of ours) {
			expect(entry.meta.icon, entry.collection).toBeTruthy();
			expect(entry.meta.note, entry.collection).toBeTruthy();
		}
	});
});

const PLATFORM_COLLECTIONS = [
	'subscription_plans',
	'payment_profiles',
	'user_subscriptions',
	'projects',
	'project_daily_requests',
	'billing_events',
	'notifications',
	'site_pages',
	'site_testimonials',
	'site_promotions',
	'site_timeline',
	'site_team_members',
	'sandbox_checkout_sessions',
	'sandbox_subscriptions',
	'sandbox_invoices',
];

/** A 400 for this very constraint, not for some other flaw in the payload. */
const notUnique = (collection: string, field: string) => ({
	status: 400,
	body: { errors: [{ extensions: { code: 'RECORD_NOT_UNIQUE', collection, field } }] },
});

describe('unique constraints', () => {
	async function ownerId(admin: string): Promise<string> {
		const me = await api<{ data: { id: string } }>('GET', '/users/me', { token: admin });
		return me.body.data.id;
	}

	it('refuses a second project with the same subdomain, and lets two projects claim one custom domain', async () => {
		const admin = await adminToken();
		const owner = await ownerId(admin);
		const tag = `${controlPlane().db}-${Date.now()}`;
		const first = await api('POST', '/items/projects', {
			token: admin,
			body: { owner, name: 'one', subdomain: `uniq-${tag}`, domain: `${tag}.example.com` },
		});
		expect(first.status).toBe(200);
		const sameSubdomain = await api('POST', '/items/projects', { token: admin, body: { owner, name: 'two', subdomain: `uniq-${tag}` } });
		expect(sameSubdomain).toMatchObject(notUnique('projects', 'subdomain'));
		const sameDomain = await api('POST', '/items/projects', {
			token: admin,
			body: { owner, name: 'three', subdomain: `other-${tag}`, domain: `${tag}.example.com` },
		});
		expect(sameDomain.status, JSON.stringify(sameDomain.body)).toBe(200);
		// Each claim has a proof token of its own: the hook makes one per project, and no two match.
		const tokens = await api<{ data: { domain_token: string }[] }>('GET', `/items/projects?filter[domain][_eq]=${tag}.example.com&fields=domain_token`, { token: admin });
		const values = tokens.body.data.map((row) => row.domain_token);
		expect(values).toHaveLength(2);
		expect(new Set(values).size).toBe(2);
		for (const value of values) expect(value).toMatch(/^[0-9a-f]{32}$/);
	});

	it('refuses duplicate provider ids for customers and subscriptions', async () => {
		const admin = await adminToken();
		const tag = `${controlPlane().db}_${Date.now()}`;
		const profile = { provider: 'stripe', stripe_customer_id: `cus_${tag}` };
		expect((await api('POST', '/items/payment_profiles', { token: admin, body: profile })).status).toBe(200);
		const secondProfile = await api('POST', '/items/payment_profiles', { token: admin, body: profile });
		expect(secondProfile).toMatchObject(notUnique('payment_profiles', 'stripe_customer_id'));
		const subscription = { plan: 'pro', status: 'active', stripe_subscription_id: `sub_${tag}` };
		expect((await api('POST', '/items/user_subscriptions', { token: admin, body: subscription })).status).toBe(200);
		const secondSubscription = await api('POST', '/items/user_subscriptions', { token: admin, body: subscription });
		expect(secondSubscription).toMatchObject(notUnique('user_subscriptions', 'stripe_subscription_id'));
	});
});
