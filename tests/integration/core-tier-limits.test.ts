/**
 * Directus's core tier (no licence key) allows 25 collections and 5 flows; the platform must fit
 * (docs/access-model.md, Directus's core tier). Counted on the running control plane after every migration,
 * as Studio counts them: collections that are not Directus's own, and flows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from '../support/api.ts';

const CORE_TIER = { collections: 25, flows: 5 };

let admin: string;

beforeAll(async () => {
	admin = await adminToken();
});

describe('the core tier', () => {
	it('holds every collection and flow the platform makes', async () => {
		const collections = await api<{ data: { collection: string; meta: unknown }[] }>('GET', '/collections', { token: admin });
		expect(collections.status).toBe(200);
		const nonSystem = collections.body.data.filter((item) => !item.collection.startsWith('directus_'));
		// The licence counts the collections Directus tracks (a row in directus_collections); the
		// replicas' coordination tables are plain tables it does not track (migration 20990102J).
		const ours = nonSystem.filter((item) => item.meta !== null).map((item) => item.collection);
		expect(
			nonSystem
				.filter((item) => item.meta === null)
				.map((item) => item.collection)
				.sort(),
		).toEqual(['coordination_leases', 'outbox', 'scheduled_job_runs', 'scheduled_jobs']);
		expect(ours.length, ours.join(', ')).toBeLessThanOrEqual(CORE_TIER.collections);
		// The platform's own, by name: a collection added without a line in the docs fails here.
		expect(ours.sort()).toEqual(
			[
				'billing_events',
				'contact_messages',
				'notifications',
				'payment_profiles',
				'project_daily_requests',
				'projects',
				'sandbox_checkout_sessions',
				'sandbox_invoices',
				'sandbox_subscriptions',
				'site_pages',
				'site_promotions',
				'site_team_members',
				'site_testimonials',
				'site_timeline',
				'subscription_plans',
				'user_subscriptions',
			].sort(),
		);

		const flows = await api<{ data: { name: string }[] }>('GET', '/flows?fields=name&limit=-1', { token: admin });
		expect(flows.status).toBe(200);
		expect(flows.body.data.length).toBeLessThanOrEqual(CORE_TIER.flows);
		expect(flows.body.data.map((flow) => flow.name).sort()).toEqual(['Project actions', 'Re-check custom domains (every 6 hours)', 'Re-check custom domains now']);
	});
});
