import { describe, expect, it } from 'vitest';
import { dnsVerifyResultSchema } from './domains.ts';
import {
	projectCredentialsSchema,
	projectListSchema,
	projectLogChunkSchema,
	projectSchema,
	projectsUsageSchema,
	projectStorageSchema,
	projectTierSchema,
	TIER_UNAVAILABLE_REASONS,
} from './projects.ts';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

/** A project without the fields the portal can do without: its custom domain's state, allowed origins, source, licence key and template. */
const project = {
	id: '0f8fad5b-d9cb-469f-a165-70867728950e',
	name: 'Blog',
	description: null,
	subdomain: 'blog',
	domain: null,
	status: 'draft',
	steps: [],
	failure_reason: null,
	url: null,
	admin_url: null,
	date_created: '2026-11-22T10:00:00.000Z',
	date_updated: null,
};

describe('projects answer schemas', () => {
	it('accept answers shaped as the contract says', () => {
		expect(accepts(projectSchema, project)).toBe(true);
		expect(accepts(projectListSchema, [project])).toBe(true);
		expect(accepts(projectSchema, { ...project, steps: [{ name: 'infrastructure', state: 'complete', started_at: null, finished_at: null, detail: null }] })).toBe(true);
		expect(accepts(projectCredentialsSchema, { admin_email: 'a@example.com', admin_password: 'secret' })).toBe(true);
		expect(accepts(dnsVerifyResultSchema, { verified: false, message: 'DNS configuration not found' })).toBe(true);
	});

	it('refuse what is not', () => {
		expect(accepts(projectSchema, { ...project, steps: null })).toBe(false);
		expect(accepts(projectSchema, { ...project, id: 1 })).toBe(false);
		expect(accepts(projectListSchema, '<html>')).toBe(false);
		expect(accepts(projectCredentialsSchema, { admin_email: 'a@example.com' })).toBe(false);
		expect(accepts(dnsVerifyResultSchema, { message: 'x' })).toBe(false);
	});

	it('read a field left out as the bundle answers for nothing', () => {
		const { description: _description, domain: _domain, url: _url, admin_url: _adminUrl, date_created: _created, ...bare } = project;
		expect(projectSchema.parse(bare)).toMatchObject({
			description: null,
			domain: null,
			domain_verified_at: null,
			domain_failed_checks: 0,
			domain_proof_value: null,
			cors_origins: [],
			copy_of: null,
			licence_key_set: false,
			url: null,
			admin_url: null,
			date_created: null,
			template: 'blank',
		});
		expect(projectSchema.parse({ ...project, steps: [{ name: 'database', state: 'pending' }] }).steps).toEqual([
			{ name: 'database', state: 'pending', started_at: null, finished_at: null, detail: null },
		]);
	});

	it('read a step name or state they do not know as text, and refuse one that is not text', () => {
		expect(accepts(projectSchema, { ...project, steps: [{ name: 'backup', state: 'queued', started_at: null, finished_at: null, detail: null }] })).toBe(true);
		expect(accepts(projectSchema, { ...project, steps: [{ name: 'database' }] })).toBe(false);
		expect(accepts(projectSchema, { ...project, steps: [{ name: 3, state: 'complete' }] })).toBe(false);
	});

	it('refuse a wrong value where the contract has one', () => {
		expect(accepts(projectSchema, { ...project, cors_origins: 'https://a.example' })).toBe(false);
		expect(accepts(projectSchema, { ...project, template: 'shop' })).toBe(false);
		expect(accepts(projectSchema, { ...project, description: 5 })).toBe(false);
	});

	it('read a DNS answer without a message as an empty one', () => {
		expect(dnsVerifyResultSchema.parse({ verified: true })).toEqual({ verified: true, message: '' });
		expect(dnsVerifyResultSchema.parse({ verified: false, message: null })).toEqual({ verified: false, message: '' });
	});
});

describe('usage answer schema', () => {
	const figures = { requests: 12, previous_requests: 0, change_percent: null };
	const usage = {
		available: true,
		from: '2026-02-14',
		to: '2026-03-15',
		total: figures,
		projects: [{ id: project.id, ...figures, daily: [{ day: '2026-03-15', requests: 12 }] }],
	};

	it('accepts the figures and both unavailable answers', () => {
		expect(accepts(projectsUsageSchema, usage)).toBe(true);
		expect(accepts(projectsUsageSchema, { ...usage, total: { ...figures, change_percent: -33.3 } })).toBe(true);
		expect(accepts(projectsUsageSchema, { available: false, reason: 'not_configured' })).toBe(true);
		expect(accepts(projectsUsageSchema, { available: false, reason: 'unreachable' })).toBe(true);
	});

	it('refuses anything else', () => {
		expect(accepts(projectsUsageSchema, { available: false, reason: 'other' })).toBe(false);
		expect(accepts(projectsUsageSchema, { ...usage, total: { ...figures, requests: -1 } })).toBe(false);
		expect(accepts(projectsUsageSchema, { ...usage, total: { ...figures, change_percent: '5' } })).toBe(false);
		expect(accepts(projectsUsageSchema, { ...usage, projects: [{ ...usage.projects[0], daily: [{ day: '2026-03-15' }] }] })).toBe(false);
		expect(accepts(projectsUsageSchema, { ...usage, available: undefined })).toBe(false);
		expect(accepts(projectsUsageSchema, { ...usage, total: { ...figures, requests: 1.5 } })).toBe(false);
	});
});

describe('storage answer schema', () => {
	const storage = { available: true, used_bytes: 12_582_912, quota_bytes: 5_368_709_120, full: false };

	it('accepts the figures, with or without a quota, and every unavailable answer', () => {
		expect(accepts(projectStorageSchema, storage)).toBe(true);
		expect(accepts(projectStorageSchema, { ...storage, quota_bytes: null })).toBe(true);
		for (const reason of ['not_configured', 'unreachable', 'not_provisioned']) expect(accepts(projectStorageSchema, { available: false, reason })).toBe(true);
	});

	it('refuses anything else', () => {
		expect(accepts(projectStorageSchema, { available: false, reason: 'other' })).toBe(false);
		expect(accepts(projectStorageSchema, { ...storage, used_bytes: -1 })).toBe(false);
		expect(accepts(projectStorageSchema, { ...storage, quota_bytes: '5' })).toBe(false);
		expect(accepts(projectStorageSchema, { ...storage, full: 'no' })).toBe(false);
		expect(accepts(projectStorageSchema, null)).toBe(false);
	});
});

describe('tier answer schema', () => {
	const tier = {
		available: true,
		name: 'Core',
		status: 'active',
		seats: { used: 1, limit: 5 },
		collections: { used: 3, limit: null },
		flows: { used: null, limit: null },
		custom_permission_rules: false,
	};

	it('accepts the figures and every unavailable answer', () => {
		expect(accepts(projectTierSchema, tier)).toBe(true);
		expect(accepts(projectTierSchema, { ...tier, name: null, status: null })).toBe(true);
		for (const reason of TIER_UNAVAILABLE_REASONS) expect(accepts(projectTierSchema, { available: false, reason })).toBe(true);
	});

	it('refuses anything else', () => {
		expect(accepts(projectTierSchema, { available: false, reason: 'other' })).toBe(false);
		expect(accepts(projectTierSchema, { ...tier, seats: { used: -1, limit: 5 } })).toBe(false);
		expect(accepts(projectTierSchema, { ...tier, flows: { used: null } })).toBe(false);
		expect(accepts(projectTierSchema, { ...tier, name: undefined })).toBe(false);
		expect(accepts(projectTierSchema, { ...tier, custom_permission_rules: 'no' })).toBe(false);
	});
});

describe('log answer schema', () => {
	it('accepts lines and the offset to follow from, and refuses anything else', () => {
		expect(accepts(projectLogChunkSchema, { lines: ['started'], offset: 120 })).toBe(true);
		expect(accepts(projectLogChunkSchema, { lines: [], offset: 0 })).toBe(true);
		expect(accepts(projectLogChunkSchema, { lines: [1], offset: 0 })).toBe(false);
		expect(accepts(projectLogChunkSchema, { lines: [], offset: -1 })).toBe(false);
		expect(accepts(projectLogChunkSchema, { lines: 'started' })).toBe(false);
	});
});
