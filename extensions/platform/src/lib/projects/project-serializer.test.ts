import { describe, expect, it } from 'vitest';
import { siteAddressFrom, toApiProject, type ProjectRow } from './project-serializer.ts';

const row: ProjectRow = {
	id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
	name: 'Shop',
	description: null,
	subdomain: 'shop',
	domain: null,
	domain_verified_at: null,
	domain_failures: 0,
	domain_token: '00112233445566778899aabbccddeeff',
	cors_origins: null,
	copy_of: null,
	licence_key: null,
	status: 'draft',
	steps: null,
	failure_reason: null,
	date_created: '2026-01-01T00:00:00.000Z',
	date_updated: null,
	template: 'blog',
};

describe('toApiProject', () => {
	const local = siteAddressFrom('http://localhost:8055', 'localhost');
	const hosted = siteAddressFrom('https://cms.example.com', 'Example.com.');

	it('says whether a licence key is set, never the key nor its stored form', () => {
		const stored = 'v1:aXY:dGFn:Y2lwaGVy';
		const project = toApiProject({ ...row, licence_key: stored }, local);
		expect(project.licence_key_set).toBe(true);
		expect(JSON.stringify(project)).not.toContain(stored);
		expect(toApiProject(row, local).licence_key_set).toBe(false);
	});

	it('has no address before the site is open, and no steps yet', () => {
		expect(toApiProject(row, local)).toMatchObject({ status: 'draft', steps: [], url: null, admin_url: null });
		expect(toApiProject({ ...row, status: 'inactive' }, local)).toMatchObject({ url: null, admin_url: null });
	});

	it('gives the site and admin addresses once published, with the public scheme and port', () => {
		expect(toApiProject({ ...row, status: 'published' }, local)).toMatchObject({
			url: 'http://shop.localhost:8055',
			admin_url: 'http://shop.localhost:8055/admin',
		});
		expect(toApiProject({ ...row, status: 'Active' }, hosted)).toMatchObject({
			url: 'https://shop.example.com',
			admin_url: 'https://shop.example.com/admin',
		});
	});

	it('addresses the site by its custom domain once the domain is served, not while it is only assigned', () => {
		const assigned = { ...row, status: 'published', domain: 'www.shop.test' };
		expect(toApiProject(assigned, local)).toMatchObject({ url: 'http://shop.localhost:8055', domain_verified_at: null });
		expect(toApiProject({ ...assigned, domain_verified_at: '2026-02-01T10:00:00.000Z', domain_failures: 1 }, local)).toMatchObject({
			url: 'http://www.shop.test:8055',
			admin_url: 'http://www.shop.test:8055/admin',
			domain_verified_at: '2026-02-01T10:00:00.000Z',
			domain_failed_checks: 1,
		});
	});

	it('says which project a copy was made from', () => {
		expect(toApiProject(row, local).copy_of).toBeNull();
		expect(toApiProject({ ...row, copy_of: '0c4e2a3b-9d5f-4b1a-8c7e-2f6d1e0a9b8c' }, local).copy_of).toBe('0c4e2a3b-9d5f-4b1a-8c7e-2f6d1e0a9b8c');
	});

	it('reads steps stored as JSON text, and never carries credentials', () => {
		const project = toApiProject({ ...row, steps: '[{"key":"clone","status":"done"}]' }, local);
		expect(project.steps).toEqual([{ key: 'clone', status: 'done' }]);
		expect(Object.keys(project)).not.toContain('admin_password');
		expect(Object.keys(project)).not.toContain('admin_email');
	});
});
